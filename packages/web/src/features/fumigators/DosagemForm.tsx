import { Alert, Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { Dosagem, RegisterDosagemBody } from '@portal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors } from '../../api/errorText';
import { DateInput } from '../../components/DateInput';
import { isoToMasked, maskedToIso } from '../records/dates';
import { useDosingWrites } from './dosingApi';
import { instantOf, localParts } from './dosingTime';
import { useDosingTime } from './useDosingTime';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

interface DosagemFormProps {
  fumigadorId: number;
  prop: number | undefined;
  /** The event annotated; none: a new manual event. */
  dosagem?: Dosagem;
  /** The fumigator's product, the default of a new event. */
  produto: string;
  canWrite: boolean;
  onSaved?: (saved: Dosagem) => void;
}

/**
 * registerdosagem's form: operator, product and notes of any event; date, start, end and volume of
 * a manual one (times in the user's timezone). Test ids: dosagem-<field> inputs, dosagem-save,
 * dosagem-saved, dosagem-error.
 */
export function DosagemForm({ fumigadorId, prop, dosagem, produto, canWrite, onSaved }: DosagemFormProps) {
  const { t } = useTranslation();
  const time = useDosingTime();
  const { save } = useDosingWrites();
  const manual = !dosagem || dosagem.origem === 'manual';
  const start = dosagem ? localParts(dosagem.inicio, time.timezone) : null;
  const end = dosagem?.fim ? localParts(dosagem.fim, time.timezone) : null;
  const [values, setValues] = useState({
    operador: dosagem?.operador ?? '',
    produto: dosagem?.produto ?? produto,
    obs: dosagem?.obs ?? '',
    day: start ? isoToMasked(start.day) : '',
    start: start?.time ?? '',
    end: end?.time ?? '',
    volume: dosagem ? String(dosagem.volume_ml) : '',
  });
  const [local, setLocal] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setSaved(false);
  };
  const server = fieldErrors(save.error, t);
  const errorOf = (field: string) => local[field] ?? server[field];

  const submit = () => {
    const problems: Record<string, string> = {};
    const body: RegisterDosagemBody = { fumigador_id: fumigadorId, operador: values.operador, obs: values.obs, produto: values.produto, ...(dosagem ? { id: dosagem.id } : {}), ...(prop === undefined ? {} : { prop }) };
    if (manual) {
      const day = maskedToIso(values.day);
      if (!day) problems.inicio = t('errors.FIELD_INVALID');
      if (!TIME.test(values.start)) problems.inicio = t('errors.FIELD_INVALID');
      if (!TIME.test(values.end)) problems.fim = t('errors.FIELD_INVALID');
      const volume = Number(values.volume.replace(',', '.'));
      if (values.volume.trim() === '' || !Number.isFinite(volume)) problems.volume_ml = t('errors.FIELD_INVALID');
      if (Object.keys(problems).length === 0) {
        const inicio = instantOf(day!, values.start, time.timezone);
        // An end earlier than the start is the next morning (a night application).
        let fim = instantOf(day!, values.end, time.timezone);
        if (fim < inicio) fim = new Date(Date.parse(fim) + 86_400_000).toISOString();
        Object.assign(body, { inicio, fim, volume_ml: Math.round(volume * 10) / 10 });
      }
    }
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(body, {
      onSuccess: (result) => {
        setSaved(true);
        onSaved?.(result);
      },
    });
  };

  const disabled = !canWrite || save.isPending;
  const general = save.error && Object.keys(server).length === 0 ? errorText(save.error, t) : null;
  return (
    <Stack gap="sm">
      {manual && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <DateInput label={t('fumigators.dosing.day')} value={values.day} onChange={set('day')} disabled={disabled} error={errorOf('inicio')} data-testid="dosagem-day" />
          <TextInput label={t('fumigators.dosing.start')} placeholder={t('fumigators.times.placeholder')} value={values.start} onChange={(event) => set('start')(event.currentTarget.value)} disabled={disabled} maxLength={5} data-testid="dosagem-start" />
          <TextInput label={t('fumigators.dosing.end')} placeholder={t('fumigators.times.placeholder')} value={values.end} onChange={(event) => set('end')(event.currentTarget.value)} disabled={disabled} maxLength={5} error={errorOf('fim')} data-testid="dosagem-end" />
          <TextInput label={t('fumigators.dosing.volume')} inputMode="decimal" value={values.volume} onChange={(event) => set('volume')(event.currentTarget.value)} disabled={disabled} error={errorOf('volume_ml')} data-testid="dosagem-volume" />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('fumigators.dosing.operador')} value={values.operador} onChange={(event) => set('operador')(event.currentTarget.value)} disabled={disabled} maxLength={80} error={errorOf('operador')} data-testid="dosagem-operador" />
        <TextInput label={t('fumigators.dosing.produto')} value={values.produto} onChange={(event) => set('produto')(event.currentTarget.value)} disabled={disabled} maxLength={80} error={errorOf('produto')} data-testid="dosagem-produto" />
      </SimpleGrid>
      <Textarea label={t('fumigators.dosing.obs')} autosize minRows={2} maxRows={8} maxLength={2000} value={values.obs} onChange={(event) => set('obs')(event.currentTarget.value)} disabled={disabled} error={errorOf('obs')} data-testid="dosagem-obs" />
      {general && (
        <Alert color="red" data-testid="dosagem-error">
          {general}
        </Alert>
      )}
      {canWrite ? (
        <Group justify="flex-end" gap="sm">
          {saved && (
            <Alert color="green" py={6} data-testid="dosagem-saved">
              {t('fumigators.dosing.saved')}
            </Alert>
          )}
          <Button leftSection={<IconDeviceFloppy size={18} />} onClick={submit} loading={save.isPending} data-testid="dosagem-save">
            {t('fumigators.dosing.save')}
          </Button>
        </Group>
      ) : (
        <Alert color="gray">{t('fumigators.dosing.readOnly')}</Alert>
      )}
    </Stack>
  );
}
