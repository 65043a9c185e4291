import { Button, Group, Paper, Select, SimpleGrid } from '@mantine/core';
import { IconBuildingCommunity, IconDevices } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DateInput } from '../../components/DateInput';
import { PageFrame } from '../../components/PageFrame';
import { isoToMasked, maskedToIso } from '../records/dates';
import { useOwnerDevices } from '../records/links';
import { NoticePanel } from '../records/NoticePanel';
import { useOwner } from '../records/owner';
import { OwnerPicker } from '../records/OwnerPicker';
import { QUICK_RANGES, quickRange, todayIso } from '../../components/reports/reportPeriod';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { useUniEstrutura } from './api';
import { GradingResults } from './GradingResults';
import { UniError, UniLoading } from './Panels';
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

  /** What is missing can be added by those who may write: a link to where it is added. */
  const addLink = (to: string, text: string) =>
    owner.canWrite && (
      <Button component={Link} to={to} variant="light">
        {text}
      </Button>
    );
  const frame = (content: ReactNode) => (
    <PageFrame title={title} description={description}>
      <OwnerPicker owner={owner} />
      {content}
    </PageFrame>
  );

  if (estrutura.isPending) return frame(<UniLoading />);
  if (estrutura.isError) return frame(<UniError error={estrutura.error} onRetry={() => void estrutura.refetch()} />);
  if (!farm) {
    return frame(
      <NoticePanel
        icon={IconBuildingCommunity}
        title={t('uniformization.noFarms.title')}
        text={t('uniformization.noFarms.text')}
        testId="uni-no-farms"
        action={addLink('/nucleos/add', t('uniformization.noFarms.action'))}
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
          <FilterSelect
            name="farm"
            label={t('uniformization.filters.farm')}
            options={farmOptions}
            value={farm.id}
            onChange={(id) => id && choose({ nucleo: id, lote: undefined, aviario: undefined, seletora: undefined })}
          />
          <FilterSelect
            name="flock"
            label={t('uniformization.filters.flock')}
            options={flockOptions}
            value={flock?.id}
            placeholder={t('uniformization.filters.noFlock')}
            onChange={(id) => id && choose({ nucleo: farm.id, lote: id, aviario: undefined })}
          />
          <FilterSelect
            name="house"
            label={t('uniformization.filters.house')}
            options={houseOptions}
            value={house?.id}
            placeholder={t('uniformization.filters.houseAll')}
            onChange={(id) => choose({ nucleo: farm.id, lote: flock?.id, aviario: id })}
            clearable
          />
          <FilterSelect
            name="grader"
            label={t('uniformization.filters.grader')}
            options={graderOptions}
            value={grader?.id}
            placeholder={t('uniformization.filters.noGrader')}
            onChange={(id) => id && choose({ nucleo: farm.id, lote: flock?.id, seletora: id })}
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
          action={addLink('/addbalanca', t('uniformization.noGrader.action'))}
        />
      ) : !flock ? (
        <NoticePanel icon={IconBuildingCommunity} title={t('uniformization.noFlock.title')} text={t('uniformization.noFlock.text')} testId="uni-no-flock" />
      ) : (
        <GradingResults farm={farm} flock={flock} grader={grader} inicio={period.inicio} fim={period.fim} />
      )}
    </>,
  );
}

interface FilterSelectProps {
  /** uni-<name> is its test id. */
  name: 'farm' | 'flock' | 'house' | 'grader';
  label: string;
  options: { value: string; label: string }[];
  value: number | undefined;
  placeholder?: string;
  /** The id chosen; undefined when a clearable filter is cleared. */
  onChange: (id: number | undefined) => void;
  /** Only the house may be cleared (all houses); the others always hold a choice. */
  clearable?: boolean;
}

/** One of the four filters: ids as options, disabled while it has none to offer. */
function FilterSelect({ name, label, options, value, placeholder, onChange, clearable = false }: FilterSelectProps) {
  return (
    <Select
      label={label}
      data={options}
      value={value === undefined ? null : String(value)}
      placeholder={placeholder}
      onChange={(chosen) => onChange(chosen ? Number(chosen) : undefined)}
      allowDeselect={clearable}
      clearable={clearable}
      disabled={options.length === 0}
      data-testid={`uni-${name}`}
    />
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
