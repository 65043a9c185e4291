import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconHourglass } from '@tabler/icons-react';
import { SILO_FIM_CRITICO_HORAS, type SiloFim } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { useAccountClock } from '../../components/clock/useAccountClock';
import { useSiloRunOut } from './api';

/** Hours under which the badge turns orange: the default of the silo_fim alarm (ALARME_REGRAS_PADRAO). */
const WARNING_HOURS = 48;

/** red under the critical hours, orange under the warning's, else calm. */
export function runOutColor(horas: number | null): string {
  if (horas === null) return 'gray';
  if (horas < SILO_FIM_CRITICO_HORAS) return 'red';
  return horas < WARNING_HOURS ? 'orange' : 'field';
}

/** The texts of one silo's "empty by": when, how long from now, and which projection said it. */
export function useRunOutTexts() {
  const { t, i18n } = useTranslation();
  const clock = useAccountClock();
  const number = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
  return {
    left: (fim: SiloFim) => {
      if (fim.horas === null) return t('silos.none');
      if (fim.horas <= 0) return t('silos.runOut.emptyNow');
      return fim.horas < 72 ? t('silos.runOut.hours', { value: number(Math.floor(fim.horas)) }) : t('silos.runOut.days', { value: number(Math.floor(fim.horas / 2.4) / 10) });
    },
    when: (fim: SiloFim) => (fim.vazio_em === null ? '' : t('silos.runOut.emptyBy', { when: clock.labelled(clock.dateTime(fim.vazio_em)) })),
    base: (fim: SiloFim) => {
      if (fim.base === null) return t('silos.runOut.unknown');
      return t(`silos.runOut.base.${fim.base}`, { rate: number((fim.base === 'consumo' ? fim.consumo_kg_h : fim.esperado_kg_h) ?? 0) });
    },
    readAt: (fim: SiloFim) =>
      fim.saldo_kg === null || fim.lido_em === null ? '' : t('silos.runOut.readAt', { kg: t('silos.kg', { value: number(fim.saldo_kg) }), when: clock.labelled(clock.dateTime(fim.lido_em)) }),
  };
}

/** A list row's "empty by": the hours left as a coloured badge and the date under it. */
export function SiloRunOutCell({ fim }: { fim: SiloFim | undefined }) {
  const texts = useRunOutTexts();
  if (!fim) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={2} data-testid="silo-runout" data-horas={fim.horas ?? ''} data-base={fim.base ?? ''}>
      <Badge color={runOutColor(fim.horas)} variant="light" w="fit-content">
        {texts.left(fim)}
      </Badge>
      {fim.vazio_em !== null && (
        <Text size="xs" c="dimmed">
          {texts.when(fim)}
        </Text>
      )}
    </Stack>
  );
}

/** The balance page's "empty by" of one silo with a scale (getsilofim), with how it was projected. */
export function SiloRunOutPanel({ siloId }: { siloId: number }) {
  const { t } = useTranslation();
  const texts = useRunOutTexts();
  const runOut = useSiloRunOut();
  if (runOut.isPending) return null;
  if (runOut.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="runout-error">
        {errorText(runOut.error, t)}
      </Alert>
    );
  }
  const fim = runOut.data.silos.find((silo) => silo.silo_id === siloId);
  if (!fim) return null;
  return (
    <Alert color={runOutColor(fim.horas)} variant="light" icon={<IconHourglass size={18} />} title={t('silos.runOut.title')} data-testid="balance-runout" data-horas={fim.horas ?? ''} data-base={fim.base ?? ''}>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Badge color={runOutColor(fim.horas)} data-testid="balance-runout-left">
            {texts.left(fim)}
          </Badge>
          {fim.vazio_em !== null && <Text fw={600}>{texts.when(fim)}</Text>}
        </Group>
        <Text size="sm">{texts.base(fim)}</Text>
        {texts.readAt(fim) && (
          <Text size="xs" c="dimmed">
            {texts.readAt(fim)}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('silos.runOut.hint')}
        </Text>
      </Stack>
    </Alert>
  );
}
