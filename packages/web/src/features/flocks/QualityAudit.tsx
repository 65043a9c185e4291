import 'mantine-datatable/styles.css';
import { Alert, Badge, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MOTIVOS_DESCARTE, type Descartadas, type MotivoDescarte, type Qualidade } from '@portal/shared';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { useNumberFormat } from '../records/useNumberFormat';
import { useDescartadas } from './qualityApi';
import { REASON_COLOR } from './QualityDays';
import { dayText, scalesOfDay, type AuditFilters } from './qualityRows';

/** The day whose set-aside weighings are open. */
export interface AuditDay {
  data: string;
}

type Pesagem = Descartadas['pesagens'][number] & { key: number };

const WIDE = (theme: { breakpoints: Record<string, string> }) => `(min-width: ${theme.breakpoints.sm})`;

interface QualityAuditProps {
  flockId: number;
  day: AuditDay | null;
  balancas: Qualidade['balancas'];
  onClose: () => void;
}

/**
 * The audit of one weighing day: every weighing the window set aside (kept, never deleted), with
 * its time, house, side, box, sex, scale, weight, reason and the weight expected, filtered by scale
 * and reason; the total says when there are more than listed. Full screen on a phone.
 * Test ids: `quality-audit`, `audit-scale`, `audit-reason`, `audit-count`, `audit-table`, `audit-row` (data-reason, data-scale).
 */
export function QualityAudit({ flockId, day, balancas, onClose }: QualityAuditProps) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal opened={day !== null} onClose={onClose} size="xl" fullScreen={phone} title={day ? t('flocks.quality.audit.title', { date: dayText(n.locale, day.data) }) : ''}>
      {/* Keyed by the day: another day starts with no filter. */}
      {day && <AuditBody key={day.data} flockId={flockId} data={day.data} balancas={balancas} />}
    </Modal>
  );
}

function AuditBody({ flockId, data, balancas }: { flockId: number; data: string; balancas: Qualidade['balancas'] }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const [filters, setFilters] = useState<AuditFilters>({ serie_balanca: null, motivo: null });
  const audit = useDescartadas(flockId, data, filters);
  // The answer kept on screen while another filter is asked for is this day's; another day's never shows.
  const answer = audit.data?.data === data ? audit.data : undefined;
  const rows: Pesagem[] = (answer?.pesagens ?? []).map((pesagem, index) => ({ ...pesagem, key: index }));
  const reasons = MOTIVOS_DESCARTE.map((value) => ({ value, label: t(`flocks.quality.reasons.${value}`) }));
  const grams = (value: number) => `${n.format(value, 1)} g`;

  const columns: DataTableColumn<Pesagem>[] = [
    {
      accessor: 'hora',
      title: t('flocks.quality.audit.time'),
      noWrap: true,
      render: (row) => (
        <Stack gap={0}>
          <span>{row.hora}</span>
          <Text size="xs" c="dimmed" hiddenFrom="sm" component="div" style={{ whiteSpace: 'normal' }}>
            {[row.aviario, row.lado, row.box, row.sexo, row.serie_balanca].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'aviario', title: t('flocks.quality.audit.house'), visibleMediaQuery: WIDE },
    { accessor: 'lado', title: t('flocks.quality.audit.side'), visibleMediaQuery: WIDE },
    { accessor: 'box', title: t('flocks.quality.audit.box'), visibleMediaQuery: WIDE },
    { accessor: 'sexo', title: t('flocks.quality.columns.sex'), visibleMediaQuery: WIDE },
    { accessor: 'serie_balanca', title: t('flocks.quality.audit.scale'), visibleMediaQuery: WIDE },
    {
      accessor: 'peso',
      title: t('flocks.quality.audit.weight'),
      textAlign: 'right',
      noWrap: true,
      render: (row) => (
        <Stack gap={0}>
          <span>{grams(row.peso)}</span>
          <Text size="xs" c="dimmed" hiddenFrom="sm" component="div">
            {t('flocks.quality.expectedShort', { weight: grams(row.esperado_g) })}
          </Text>
          <Group hiddenFrom="sm" justify="flex-end">
            <ReasonBadge motivo={row.motivo} />
          </Group>
        </Stack>
      ),
    },
    {
      accessor: 'motivo',
      title: t('flocks.quality.audit.reason'),
      visibleMediaQuery: WIDE,
      render: (row) => <ReasonBadge motivo={row.motivo} />,
    },
    { accessor: 'esperado_g', title: t('flocks.quality.columns.expected'), textAlign: 'right', noWrap: true, visibleMediaQuery: WIDE, render: (row) => grams(row.esperado_g) },
  ];

  return (
    <Stack gap="sm" data-testid="quality-audit">
      <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <Select
          label={t('flocks.quality.audit.scale')}
          placeholder={t('flocks.quality.audit.allScales')}
          data={scalesOfDay(balancas, data)}
          value={filters.serie_balanca}
          onChange={(value) => setFilters((current) => ({ ...current, serie_balanca: value }))}
          clearable
          miw={160}
          data-testid="audit-scale"
        />
        <Select
          label={t('flocks.quality.audit.reason')}
          placeholder={t('flocks.quality.audit.allReasons')}
          data={reasons}
          value={filters.motivo}
          onChange={(value) => setFilters((current) => ({ ...current, motivo: value }))}
          clearable
          miw={160}
          data-testid="audit-reason"
        />
      </Group>
      {audit.isError && !answer ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />}>
          {errorText(audit.error, t)}
        </Alert>
      ) : !answer ? (
        <Loader />
      ) : (
        <>
          <Text size="sm" fw={500} data-testid="audit-count" data-total={answer.total} data-listed={answer.pesagens.length}>
            {answer.total > answer.pesagens.length
              ? t('flocks.quality.audit.someOf', { listed: n.format(answer.pesagens.length), total: n.format(answer.total) })
              : t('flocks.quality.audit.count', { count: answer.total, total: n.format(answer.total) })}
          </Text>
          <DataTable<Pesagem>
            columns={columns}
            records={rows}
            idAccessor="key"
            withTableBorder
            borderRadius="md"
            striped
            horizontalSpacing="xs"
            fz="sm"
            minHeight={rows.length === 0 ? 120 : undefined}
            maxHeight={560}
            noRecordsText={t('flocks.quality.audit.empty')}
            customRowAttributes={(row) => ({ 'data-testid': 'audit-row', 'data-reason': row.motivo, 'data-scale': row.serie_balanca })}
            data-testid="audit-table"
          />
        </>
      )}
    </Stack>
  );
}

function ReasonBadge({ motivo }: { motivo: MotivoDescarte }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={REASON_COLOR[motivo]} tt="none" style={{ overflow: 'visible' }}>
      {t(`flocks.quality.reasons.${motivo}`)}
    </Badge>
  );
}
