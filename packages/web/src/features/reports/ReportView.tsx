import { Alert, Badge, Box, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { AvesPesosResponse, ReportCategoria, ReportGrupo, ReportLado } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { isoToMasked } from '../records/dates';
import type { ReportKind } from './api';
import { BoxCard } from './BoxCard';
import { coveredNames } from './reportTable';
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

/** Period, farms and flocks, scales, the band rule and the total statistics (test id `report-header`). */
function ReportHeaderPanel({ kind, report }: { kind: ReportKind; report: AvesPesosResponse }) {
  const { t } = useTranslation();
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
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs" data-testid="uniformity-note">
          <Text size="sm">{t('reports.uniformityRule')}</Text>
        </Alert>
        <Divider label={t('reports.total')} labelPosition="left" />
        <Box data-testid="report-total">
          <StatsGrid stats={report.total} />
        </Box>
      </Stack>
    </Paper>
  );
}

function SideSection({ kind, lado }: { kind: ReportKind; lado: ReportLado }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="report-side" data-lado={lado.lado}>
      <Group gap="xs">
        <Badge variant="outline" size="lg" tt="none">
          {t(`reports.keys.${kind}.lado`)}: {lado.lado}
        </Badge>
      </Group>
      <StatsGrid stats={lado.stats} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {lado.boxes.map((box) => (
          <BoxCard key={box.key} kind={kind} box={box} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function CategorySection({ kind, categoria }: { kind: ReportKind; categoria: ReportCategoria }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="report-category" data-aviario={categoria.aviario}>
      <Title order={4} style={{ overflowWrap: 'anywhere' }}>
        {t(`reports.keys.${kind}.aviario`)}: {categoria.aviario}
      </Title>
      <StatsGrid stats={categoria.stats} />
      {categoria.lados.map((lado) => (
        <Paper key={lado.lado} radius="md" p={{ base: 'xs', sm: 'md' }} bg="var(--mantine-color-gray-0)">
          <SideSection kind={kind} lado={lado} />
        </Paper>
      ))}
    </Stack>
  );
}

/** A date|flock|sex group (test id `report-group`): its keys, statistics, standard and categories. */
function GroupSection({ kind, grupo }: { kind: ReportKind; grupo: ReportGrupo }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} data-testid="report-group">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {t(`reports.groupTitle.${kind}`, { data: isoToMasked(grupo.data), lote: grupo.lote || t('reports.none'), sexo: grupo.sexo || t('reports.none') })}
          </Title>
          <Group gap="lg" wrap="wrap">
            <KeyFact label={t(`reports.keys.${kind}.data`)} value={isoToMasked(grupo.data)} />
            <KeyFact label={t(`reports.keys.${kind}.nucleo`)} value={grupo.nome_nucleo} />
            <KeyFact label={t(`reports.keys.${kind}.lote`)} value={grupo.lote || t('reports.none')} />
            <KeyFact label={t(`reports.keys.${kind}.sexo`)} value={grupo.sexo || t('reports.none')} />
            {grupo.idade_lote !== null && <KeyFact label={t('reports.age')} value={t('reports.box.days', { count: grupo.idade_lote })} />}
          </Group>
        </Stack>
        <StatsGrid stats={grupo.stats} />
        <StandardLine padrao={grupo.padrao} />
        {grupo.categorias.map((categoria) => (
          <Box key={categoria.aviario}>
            <Divider mb="md" />
            <CategorySection kind={kind} categoria={categoria} />
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}

/** The report on screen: header, then the tree date|flock|sex → category → side → box. */
export function ReportView({ kind, report }: { kind: ReportKind; report: AvesPesosResponse }) {
  return (
    <Stack gap="lg" data-testid="report-result">
      <ReportHeaderPanel kind={kind} report={report} />
      {report.grupos.map((grupo) => (
        <GroupSection key={`${grupo.data}|${grupo.nucleo_id}|${grupo.lote}|${grupo.sexo}`} kind={kind} grupo={grupo} />
      ))}
    </Stack>
  );
}
