import { Alert, Badge, Box, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconInfoCircle } from '@tabler/icons-react';
import type { AvesPesosResponse, ReportCategoria, ReportGrupo, ReportLado } from '@portal/shared';
import { memo } from 'react';
import { isoToMasked } from '../records/dates';
import type { ReportKind } from './api';
import { overrideText, type JanelaOverride } from './quality';
import { QualityLine, WindowLine } from './QualityLine';
import { coveredNames } from './reportTable';
import { groupTitle, labelled, useReportTexts } from './reportTexts';
import { StandardLine, StatsGrid } from './StatsGrid';

/** Label: value, the label dimmed. */
function KeyFact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Text size="sm" span style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      <Text span fw={600} size="sm" data-testid={testId}>
        {value}
      </Text>
    </Text>
  );
}

/**
 * Period, farms and flocks, scales, the band rule (told once for every statistic it governs) and
 * the total statistics with the quality counts, in the reports language; a report recomputed under
 * another quality window says so first. Test ids `report-header`, `report-period`,
 * `report-scales`, `report-window-override`, `uniformity-note`, `report-total`.
 */
export function ReportHeaderPanel({ kind, report, janela }: { kind: ReportKind; report: AvesPesosResponse; janela?: JanelaOverride }) {
  const texts = useReportTexts();
  const { t } = texts;
  const names = coveredNames(report);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="report-header">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('reports.analysisTitle')}
        </Title>
        <Group gap="lg" wrap="wrap">
          <KeyFact label={t('reports.period')} value={t('reports.periodRange', { from: isoToMasked(report.inicio), to: isoToMasked(report.fim) })} testId="report-period" />
          {names.nucleos.length > 0 && <KeyFact label={t(`reports.keys.${kind}.nucleo`)} value={names.nucleos.join(', ')} />}
          {names.lotes.length > 0 && <KeyFact label={t(`reports.keys.${kind}.lote`)} value={names.lotes.join(', ')} />}
        </Group>
        <KeyFact label={t('reports.scalesLabel')} value={report.balancas.length ? report.balancas.join(', ') : t('reports.none')} testId="report-scales" />
        {janela && (
          <Alert variant="light" color="orange" icon={<IconAdjustmentsHorizontal size={18} />} p="xs" data-testid="report-window-override">
            <Text size="sm">
              <strong>{t('reports.quality.overrideTitle')}:</strong> {overrideText(texts, janela)}
            </Text>
          </Alert>
        )}
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs" data-testid="uniformity-note">
          <Text size="sm">
            <strong>{t('reports.uniformity')}:</strong> {t('reports.uniformityBand')}
          </Text>
        </Alert>
        <Divider label={t('reports.total')} labelPosition="left" />
        <Box data-testid="report-total">
          <StatsGrid stats={report.total} />
          <QualityLine contagem={report.qualidade} level="total" />
        </Box>
      </Stack>
    </Paper>
  );
}

/** A date|flock|sex group's heading in the box list (test id `report-group`): its keys, quality window, statistics, standard and quality counts. */
export const GroupHeading = memo(function GroupHeading({ kind, grupo }: { kind: ReportKind; grupo: ReportGrupo }) {
  const { t } = useReportTexts();
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} bg="var(--mantine-color-field-0)" data-testid="report-group">
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {groupTitle(t, kind, grupo)}
          </Title>
          <Group gap="lg" wrap="wrap">
            <KeyFact label={t(`reports.keys.${kind}.nucleo`)} value={grupo.nome_nucleo} />
            <KeyFact label={t(`reports.keys.${kind}.lote`)} value={grupo.lote || t('reports.none')} />
            <KeyFact label={t(`reports.keys.${kind}.sexo`)} value={grupo.sexo || t('reports.none')} />
            {grupo.idade_lote !== null && <KeyFact label={t('reports.age')} value={t('reports.box.days', { count: grupo.idade_lote })} />}
          </Group>
          <WindowLine janela={grupo.janela} />
        </Stack>
        <StatsGrid stats={grupo.stats} />
        <StandardLine padrao={grupo.padrao} />
        <QualityLine contagem={grupo.qualidade} level="grupo" />
      </Stack>
    </Paper>
  );
});

/** A house (categoria) heading (test id `report-category`, data-aviario). */
export const CategoryHeading = memo(function CategoryHeading({ kind, categoria }: { kind: ReportKind; categoria: ReportCategoria }) {
  const { t } = useReportTexts();
  return (
    <Stack gap="xs" pt="xs" data-testid="report-category" data-aviario={categoria.aviario}>
      <Title order={4} style={{ overflowWrap: 'anywhere' }}>
        {labelled(t(`reports.keys.${kind}.aviario`), categoria.aviario, ': ')}
      </Title>
      <StatsGrid stats={categoria.stats} />
    </Stack>
  );
});

/** A side (lado) heading (test id `report-side`, data-lado). */
export const SideHeading = memo(function SideHeading({ kind, lado }: { kind: ReportKind; lado: ReportLado }) {
  const { t } = useReportTexts();
  return (
    <Paper radius="md" p={{ base: 'xs', sm: 'sm' }} bg="var(--mantine-color-gray-1)" data-testid="report-side" data-lado={lado.lado}>
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="outline" size="lg" tt="none">
            {labelled(t(`reports.keys.${kind}.lado`), lado.lado, ': ')}
          </Badge>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {labelled(t(`reports.keys.${kind}.aviario`), lado.aviario, ': ')}
          </Text>
        </Group>
        <StatsGrid stats={lado.stats} />
      </Stack>
    </Paper>
  );
});
