import { Alert, Anchor, Button, Card, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChartLine, IconClipboardPlus, IconEdit, IconFileReport, IconLockOpen, IconPackageExport, IconScale, IconWheat } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Desempenho, Diario, Lote } from '@portal/shared';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/errorText';
import { useCurrentUser } from '../../components/session/session';
import { PageFrame } from '../../components/PageFrame';
import { todayInTimezone } from '../../components/reports/reportPeriod';
import type { ScreenRoute } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { usePendingCalls } from '../../offline';
import { isoToMasked } from '../records/dates';
import { useOwner } from '../records/owner';
import { OwnerBadge, ReadOnlyBadge } from '../records/OwnerPicker';
import { useNumberFormat } from '../records/useNumberFormat';
import { FlockBadges } from './FlockBadges';
import { ForecastCard } from './ForecastCard';
import { flockCloseOutPath, flockEditPath, performanceKeys, useConfigDesempenho, useDesempenho, useDiario } from './api';
import { CloseOutModal, useReopen } from './CloseOut';
import { DailyFormModal } from './DailyForm';
import { DailyRecords } from './DailyRecords';
import { dailyRows, type DailyRow } from './dailyRows';
import { IndicatorGrid } from './IndicatorGrid';
import { ManualWeighingButton } from './ManualWeighingForm';
import { QualityCard } from './QualityCard';
import { flockQueueGroup } from './performanceWrites';
import { useFlockTitle } from './flockTitle';

const FlockCharts = lazy(() => import('./FlockCharts'));

/** How long after a queued write was sent the flock's stored days are asked for once more. */
const RESEND_READ_MS = 3_000;

type Opened = { record?: Diario; aviario_id: string; data: string } | null;

/**
 * lotes/:id, the flock's home: who and where it is, the indicators integrators pay on (each with
 * its formula and inputs), growth and losses charts, the growth forecast, the daily house records (entered here, also
 * offline), close-out, and links to its reports; the form is behind 'Editar'.
 * Test ids: `flock-status`, `flock-age`, `flock-facts`, `flock-edit`, `daily-add`, `flock-close`,
 * `flock-reopen`, `flock-closeout-report`, `flock-indicators` (cards `indicator-<key>`),
 * `flock-indicators-of`, `flock-links`, and DailyRecords', DailyForm's and CloseOut's.
 */
export function FlockHome({ route, flock }: { route: ScreenRoute; flock: Lote }) {
  const flockTitle = useFlockTitle();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const { user } = useCurrentUser();
  const desempenho = useDesempenho(flock.id);
  const diario = useDiario(flock.id);
  const config = useConfigDesempenho();
  const [opened, setOpened] = useState<Opened>(null);
  const [closing, setClosing] = useState(false);
  const today = todayInTimezone(user.timezone);
  const firstHouse = flock.aviarios.length === 1 ? String(flock.aviarios[0]!.id) : '';
  const openNew = () => setOpened({ aviario_id: firstHouse, data: isoToMasked(today) });
  const openRow = (row: DailyRow) => setOpened({ record: row.record, aviario_id: String(row.aviario_id), data: isoToMasked(row.data) });

  return (
    <PageFrame
      {...heading}
      title={flockTitle(flock.codigo)}
      badges={
        <>
          <OwnerBadge owner={owner} />
          <ReadOnlyBadge owner={owner} />
          <FlockBadges flock={flock} />
        </>
      }
    >
      <Stack gap="lg">
        <FlockFacts flock={flock} />
        <FlockActions flock={flock} canWrite={owner.canWrite} onNewDay={openNew} onCloseOut={() => setClosing(true)} />
        <IndicatorsSection query={desempenho} />
        <Card withBorder radius="lg" padding="md">
          <Suspense fallback={<Loader />}>{desempenho.data && <FlockCharts desempenho={desempenho.data} />}</Suspense>
          {desempenho.isPending && <Loader />}
        </Card>
        <ForecastCard flock={flock} />
        <DailySection flock={flock} canWrite={owner.canWrite} onNew={openNew} onOpen={openRow} />
        <QualityCard flock={flock} />
        <FlockLinks flock={flock} />
        {flock.obs && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {flock.obs}
          </Text>
        )}
      </Stack>
      <DailyFormModal flock={flock} causes={config.data?.causas ?? []} records={diario.data ?? []} opened={opened} onClose={() => setOpened(null)} />
      <CloseOutModal flock={flock} opened={closing} onClose={() => setClosing(false)} today={today} />
    </PageFrame>
  );
}

/** Edit (or view, read-only), record a day, weigh by hand, close out or reopen. */
function FlockActions({ flock, canWrite, onNewDay, onCloseOut }: { flock: Lote; canWrite: boolean; onNewDay: () => void; onCloseOut: () => void }) {
  const { t } = useTranslation();
  const reopen = useReopen(flock);
  const active = flock.situacao === 'ativo';
  const edit = (
    <Button component={Link} to={flockEditPath(flock)} variant="default" leftSection={<IconEdit size={18} />} data-testid="flock-edit">
      {canWrite ? t('flocks.home.edit') : t('flocks.home.view')}
    </Button>
  );
  if (!canWrite) return <Group data-testid="flock-actions">{edit}</Group>;
  return (
    <Group gap="sm" wrap="wrap" data-testid="flock-actions">
      {edit}
      {active && (
        <Button leftSection={<IconClipboardPlus size={18} />} onClick={onNewDay} data-testid="daily-add">
          {t('flocks.daily.add')}
        </Button>
      )}
      {active && <ManualWeighingButton lote={flock} />}
      {active ? (
        <Button variant="light" color="orange" leftSection={<IconPackageExport size={18} />} onClick={onCloseOut} data-testid="flock-close">
          {t('flocks.closeOut.action')}
        </Button>
      ) : (
        <Button variant="subtle" leftSection={<IconLockOpen size={18} />} onClick={reopen.ask} loading={reopen.pending} data-testid="flock-reopen">
          {t('flocks.closeOut.reopen')}
        </Button>
      )}
      {reopen.dialog}
    </Group>
  );
}

/**
 * The daily records: the stored days and this flock's writes still queued on this device. A queued
 * write sent in the background (the connection came back) changes the stored days: asked again.
 */
function DailySection({ flock, canWrite, onNew, onOpen }: { flock: Lote; canWrite: boolean; onNew: () => void; onOpen: (row: DailyRow) => void }) {
  const { t } = useTranslation();
  const diario = useDiario(flock.id);
  const pending = usePendingCalls(flockQueueGroup(flock.id));
  const queryClient = useQueryClient();
  const waiting = pending.length;
  const before = useRef(waiting);
  useEffect(() => {
    const sent = waiting < before.current;
    before.current = waiting;
    if (!sent) return;
    const askAgain = () => void queryClient.invalidateQueries({ queryKey: performanceKeys.all });
    askAgain();
    // Asked once more a little later: the first read after the network returns can still fail (the
    // connection changing) and be answered from the service worker's offline copy, which lacks the
    // day just sent; the row would vanish until the page was opened again.
    const later = window.setTimeout(askAgain, RESEND_READ_MS);
    return () => window.clearTimeout(later);
  }, [waiting, queryClient]);
  const rows = useMemo(() => dailyRows(flock, diario.data ?? [], pending.filter((entry) => entry.name === 'registerdiario')), [flock, diario.data, pending]);
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h4">
          {t('flocks.daily.title')}
        </Title>
        {canWrite && flock.situacao === 'ativo' && (
          <Button variant="light" size="sm" leftSection={<IconClipboardPlus size={16} />} onClick={onNew}>
            {t('flocks.daily.add')}
          </Button>
        )}
      </Group>
      {/* A failed refresh (offline in the shed) keeps the days last read: only a first read's failure shows. */}
      {diario.isError && !diario.data ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />}>
          {errorText(diario.error, t)}
        </Alert>
      ) : diario.isPending ? (
        <Loader />
      ) : (
        <DailyRecords rows={rows} onOpen={canWrite ? onOpen : undefined} />
      )}
    </Paper>
  );
}

/** Farm, houses, placement, birds and standard, in a line of facts. */
function FlockFacts({ flock }: { flock: Lote }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const facts = [
    [t('flocks.home.farm'), flock.nucleo_nome],
    [t('flocks.home.houses'), flock.aviarios.map((house) => house.nome).join(', ')],
    [t('flocks.home.placed'), flock.data_alojamento ? isoToMasked(flock.data_alojamento) : '—'],
    [t('flocks.home.birds'), t('flocks.home.birdsNow', { now: n.format(flock.aves_atuais), placed: n.format(flock.aves_alojadas) })],
    [t('flocks.home.standard'), flock.padrao_nome ?? t('flocks.home.noStandard')],
    ...(flock.linhagem ? [[t('flocks.home.breed'), flock.linhagem]] : []),
    ...(flock.data_encerramento ? [[t('flocks.home.closed'), isoToMasked(flock.data_encerramento)]] : []),
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs" data-testid="flock-facts">
      {facts.map(([label, value]) => (
        <div key={label} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** The indicator cards, for the flock or one of its houses or sexes. */
function IndicatorsSection({ query }: { query: ReturnType<typeof useDesempenho> }) {
  const { t } = useTranslation();
  const [of, setOf] = useState('geral');
  if (query.isError && !query.data) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="flock-indicators-error">
        {errorText(query.error, t)}
      </Alert>
    );
  }
  if (!query.data) return <Loader />;
  const data: Desempenho = query.data;
  const options = [
    { value: 'geral', label: t('flocks.indicators.ofFlock') },
    ...data.aviarios.map((house) => ({ value: `a${house.aviario_id}`, label: house.aviario_nome })),
    ...data.sexos.map((sexo) => ({ value: `s${sexo.sexo}`, label: t(`flocks.sexes.${sexo.sexo}`) })),
  ];
  const set = data.aviarios.find((house) => `a${house.aviario_id}` === of) ?? data.sexos.find((sexo) => `s${sexo.sexo}` === of) ?? data.geral;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} size="h4">
          {t('flocks.indicators.title', { date: isoToMasked(data.data) })}
        </Title>
        {options.length > 1 && (
          <Select data={options} value={of} onChange={(value) => setOf(value ?? 'geral')} allowDeselect={false} w={{ base: '100%', xs: 220 }} aria-label={t('flocks.indicators.of')} data-testid="flock-indicators-of" />
        )}
      </Group>
      <IndicatorGrid set={set} entradas={data.entradas} idade={data.idade} />
    </Stack>
  );
}

/** The flock's reports: weighings, feed, and its close-out once closed. */
function FlockLinks({ flock }: { flock: Lote }) {
  const { t } = useTranslation();
  const links = [
    { to: `/aves?nucleo=${flock.nucleo_id}&lote=${flock.id}`, icon: IconScale, text: t('flocks.home.weightReport') },
    { to: `/racao?lote=${flock.id}`, icon: IconWheat, text: t('flocks.home.feedReport') },
    { to: '/comparativo', icon: IconChartLine, text: t('flocks.home.comparison') },
    ...(flock.fechamento ? [{ to: flockCloseOutPath(flock), icon: IconFileReport, text: t('flocks.closeOut.report'), testId: 'flock-closeout-report' }] : []),
  ];
  return (
    <Group gap="lg" wrap="wrap" data-testid="flock-links">
      {links.map((link) => (
        <Anchor key={link.to} component={Link} to={link.to} data-testid={'testId' in link ? link.testId : undefined}>
          <Group gap={6} wrap="nowrap">
            <link.icon size={18} />
            {link.text}
          </Group>
        </Anchor>
      ))}
    </Group>
  );
}
