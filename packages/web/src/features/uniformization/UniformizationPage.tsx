import { Alert, Button, Center, Group, Loader, Paper, Select, SimpleGrid, Text } from '@mantine/core';
import { IconAlertTriangle, IconBuildingCommunity, IconDevices } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../api/errorText';
import { DateInput } from '../../components/DateInput';
import { PageFrame } from '../../components/PageFrame';
import { isoToMasked, maskedToIso } from '../records/dates';
import { useOwnerDevices } from '../records/links';
import { NoticePanel } from '../records/NoticePanel';
import { useOwner } from '../records/owner';
import { OwnerPicker } from '../records/OwnerPicker';
import { QUICK_RANGES, quickRange, todayIso } from '../reports/filters';
import type { ScreenProps } from '../screens/ScreenFrame';
import { useScreenHeading } from '../screens/useScreenHeading';
import { useUniEstrutura } from './api';
import { GradingResults } from './GradingResults';
import { choiceFromSearch, periodFromSearch, resolveSelection, type UniChoice } from './selection';

const DEFAULT_DAYS = QUICK_RANGES[0];

/**
 * Uniformization (route uniformizacao): a grader's birds per category over a period, and the
 * flock's uniformity before grading (every bird it weighed) against each category's after it.
 */
export default function UniformizationPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { title, description } = useScreenHeading(route);
  const owner = useOwner();
  const estrutura = useUniEstrutura();
  const { devices } = useOwnerDevices(['SELAUTO']);
  const [params, setParams] = useSearchParams();
  const choice = choiceFromSearch(params);
  const period = periodFromSearch(params) ?? quickRange(todayIso(), DEFAULT_DAYS);

  const graderHouse = useMemo(() => new Map(devices.map((device) => [device.id, device.aviario_id])), [devices]);
  const selection = resolveSelection(estrutura.data ?? [], choice, graderHouse);
  const { farm, flock, house, graders, grader } = selection;

  /** Writes choices to the url; a farm or flock change drops the choices below it. */
  const choose = (next: UniChoice) => {
    const merged = { ...choice, ...next };
    const query = new URLSearchParams();
    for (const name of ['nucleo', 'lote', 'aviario', 'seletora'] as const) {
      if (merged[name] !== undefined) query.set(name, String(merged[name]));
    }
    if (periodFromSearch(params)) {
      query.set('inicio', period.inicio);
      query.set('fim', period.fim);
    }
    setParams(query, { replace: true });
  };
  const setPeriod = (inicio: string, fim: string) => {
    const query = new URLSearchParams(params);
    query.set('inicio', inicio);
    query.set('fim', fim);
    setParams(query, { replace: true });
  };

  const frame = (content: ReactNode) => (
    <PageFrame title={title} description={description}>
      <OwnerPicker owner={owner} />
      {content}
    </PageFrame>
  );

  if (estrutura.isPending) {
    return frame(
      <Center py="xl" data-testid="uni-loading">
        <Loader />
      </Center>,
    );
  }
  if (estrutura.isError) {
    return frame(
      <Alert color="red" icon={<IconAlertTriangle />} data-testid="uni-error">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{errorText(estrutura.error, t)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void estrutura.refetch()}>
            {t('records.list.retry')}
          </Button>
        </Group>
      </Alert>,
    );
  }
  if (!farm) {
    return frame(
      <NoticePanel
        icon={IconBuildingCommunity}
        title={t('uniformization.noFarms.title')}
        text={t('uniformization.noFarms.text')}
        testId="uni-no-farms"
        action={
          owner.canWrite && (
            <Button component={Link} to="/nucleos/add" variant="light">
              {t('uniformization.noFarms.action')}
            </Button>
          )
        }
      />,
    );
  }

  const farmOptions = (estrutura.data ?? []).map((item) => ({ value: String(item.id), label: item.nome }));
  const flockOptions = farm.lotes.map((item) => ({
    value: String(item.id),
    label: item.situacao === 'ativo' ? item.codigo : t('uniformization.filters.flockClosed', { code: item.codigo }),
  }));
  const houseOptions = (flock?.aviarios ?? []).map((item) => ({ value: String(item.id), label: item.nome }));
  const graderOptions = graders.map((item) => ({ value: String(item.id), label: item.nome.trim() ? `${item.nome} · ${item.serie}` : item.serie }));

  return frame(
    <>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid="uni-filters">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label={t('uniformization.filters.farm')}
            data={farmOptions}
            value={String(farm.id)}
            onChange={(value) => value && choose({ nucleo: Number(value), lote: undefined, aviario: undefined, seletora: undefined })}
            allowDeselect={false}
            data-testid="uni-farm"
          />
          <Select
            label={t('uniformization.filters.flock')}
            data={flockOptions}
            value={flock ? String(flock.id) : null}
            placeholder={t('uniformization.filters.noFlock')}
            onChange={(value) => value && choose({ nucleo: farm.id, lote: Number(value), aviario: undefined })}
            allowDeselect={false}
            disabled={flockOptions.length === 0}
            data-testid="uni-flock"
          />
          <Select
            label={t('uniformization.filters.house')}
            data={houseOptions}
            value={house ? String(house.id) : null}
            placeholder={t('uniformization.filters.houseAll')}
            onChange={(value) => choose({ nucleo: farm.id, lote: flock?.id, aviario: value ? Number(value) : undefined })}
            clearable
            disabled={houseOptions.length === 0}
            data-testid="uni-house"
          />
          <Select
            label={t('uniformization.filters.grader')}
            data={graderOptions}
            value={grader ? String(grader.id) : null}
            placeholder={t('uniformization.filters.noGrader')}
            onChange={(value) => value && choose({ nucleo: farm.id, lote: flock?.id, seletora: Number(value) })}
            allowDeselect={false}
            disabled={graderOptions.length === 0}
            data-testid="uni-grader"
          />
        </SimpleGrid>
        <PeriodFields key={`${period.inicio}|${period.fim}`} inicio={period.inicio} fim={period.fim} onChange={setPeriod} />
      </Paper>

      {!grader ? (
        <NoticePanel
          icon={IconDevices}
          title={t('uniformization.noGrader.title')}
          text={t(house ? 'uniformization.noGrader.textHouse' : 'uniformization.noGrader.text')}
          testId="uni-no-grader"
          action={
            owner.canWrite && (
              <Button component={Link} to="/addbalanca" variant="light">
                {t('uniformization.noGrader.action')}
              </Button>
            )
          }
        />
      ) : !flock ? (
        <NoticePanel icon={IconBuildingCommunity} title={t('uniformization.noFlock.title')} text={t('uniformization.noFlock.text')} testId="uni-no-flock" />
      ) : (
        <GradingResults prop={owner.prop} farm={farm} flock={flock} grader={grader} inicio={period.inicio} fim={period.fim} />
      )}
    </>,
  );
}

/** The period: quick ranges of section 9 (30 and 365 days back) and two masked dates, applied once both are real. */
function PeriodFields({ inicio, fim, onChange }: { inicio: string; fim: string; onChange: (inicio: string, fim: string) => void }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(isoToMasked(inicio));
  const [to, setTo] = useState(isoToMasked(fim));
  const fromIso = maskedToIso(from);
  const toIso = maskedToIso(to);
  const apply = (nextFrom: string, nextTo: string) => {
    const a = maskedToIso(nextFrom);
    const b = maskedToIso(nextTo);
    if (a && b && a <= b) onChange(a, b);
  };
  const rangeError = fromIso && toIso && fromIso > toIso ? t('uniformization.filters.rangeInvalid') : undefined;
  return (
    <Group align="flex-end" gap="sm" mt="sm" wrap="wrap">
      <DateInput
        label={t('uniformization.filters.from')}
        value={from}
        onChange={(value) => {
          setFrom(value);
          apply(value, to);
        }}
        error={from.length === 10 && !fromIso ? t('uniformization.filters.dateInvalid') : undefined}
        w={{ base: 'calc(50% - 6px)', xs: 150 }}
        data-testid="uni-from"
      />
      <DateInput
        label={t('uniformization.filters.to')}
        value={to}
        onChange={(value) => {
          setTo(value);
          apply(from, value);
        }}
        error={(to.length === 10 && !toIso ? t('uniformization.filters.dateInvalid') : undefined) ?? rangeError}
        w={{ base: 'calc(50% - 6px)', xs: 150 }}
        data-testid="uni-to"
      />
      <Group gap="xs">
        {QUICK_RANGES.map((days) => {
          const range = quickRange(todayIso(), days);
          const active = range.inicio === inicio && range.fim === fim;
          return (
            <Button
              key={days}
              variant={active ? 'filled' : 'light'}
              size="sm"
              onClick={() => onChange(range.inicio, range.fim)}
              data-testid={`uni-range-${days}`}
            >
              {t('uniformization.filters.lastDays', { days })}
            </Button>
          );
        })}
      </Group>
    </Group>
  );
}
