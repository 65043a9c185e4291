import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ImportResponse } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { ReportTable, type ReportColumn } from '../../components/reports/ReportTable';
import { isoToMasked } from '../records/dates';
import { useNumberFormat } from '../records/useNumberFormat';

/** The result's tables: compact rows in a smaller type, each inside a border. */
const TABLE_LOOK = { striped: true, withTableBorder: true, verticalSpacing: 4, fz: 'sm' } as const;

const separatorName = (separator: string) => (separator === '\t' ? 'tab' : separator);

function Figure({ label, value, testId, color }: { label: string; value: string; testId: string; color?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg" c={color} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** The fields of a stored row, in the sample table's order after the line number. */
const SAMPLE_FIELDS = ['data', 'hora', 'nucleo', 'lote', 'aviario', 'lado', 'box', 'sexo', 'peso', 'idade_lote'] as const;

/**
 * What the server read from a file (dry run, refused import or done import): the figures, the
 * column each header cell was read as, the first rows as stored, every refused row with its
 * translated reason, and the farms and flocks the owner lacks.
 */
export function ImportResult({ result, createMissing }: { result: ImportResponse; createMissing: boolean }) {
  const { t } = useTranslation();
  const n = useNumberFormat();
  const imported = !result.dry_run && result.importacao_id !== null;
  const fieldName = (field: string | null) => (field ? t(`import.fields.${field}`) : '—');
  const missing = result.faltantes.nucleos.length + result.faltantes.lotes.length > 0;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" data-testid="import-result">
      <Stack gap="md">
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {t(imported ? 'import.result.importedTitle' : 'import.result.previewTitle', { file: result.arquivo })}
        </Title>
        {result.dry_run && (
          <Alert
            color={result.rejeitadasTotal > 0 ? 'orange' : 'blue'}
            icon={result.rejeitadasTotal > 0 ? <IconAlertTriangle size={20} /> : <IconInfoCircle size={20} />}
            data-testid="import-preview-note"
          >
            {t('import.result.previewReady')}{' '}
            {result.rejeitadasTotal > 0 ? t('import.result.previewHasRejected', { value: n.format(result.rejeitadasTotal) }) : t('import.result.previewClean')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          <Figure label={t('import.result.rows')} value={n.format(result.linhas)} testId="import-rows" />
          <Figure label={t('import.result.valid')} value={n.format(result.validas)} testId="import-valid" color="teal" />
          <Figure label={t('import.result.rejected')} value={n.format(result.rejeitadasTotal)} testId="import-rejected-count" color={result.rejeitadasTotal > 0 ? 'red' : undefined} />
          <Figure label={t('import.result.separator')} value={t(`import.separators.${separatorName(result.separador)}`)} testId="import-separator-read" />
          <Figure label={t('import.result.decimal')} value={t(`import.decimals.${result.decimal}`)} testId="import-decimal-read" />
        </SimpleGrid>

        <Stack gap={6}>
          <Text fw={600}>{t('import.result.columns')}</Text>
          <Group gap={6} data-testid="import-columns">
            {result.colunas.map((column, index) => (
              <Badge key={`${index}-${column.coluna}`} variant={column.campo ? 'light' : 'outline'} color={column.campo ? 'teal' : 'gray'} tt="none" size="lg" maw="100%">
                {column.coluna || '—'} → {column.campo ? fieldName(column.campo) : t('import.result.ignored')}
              </Badge>
            ))}
          </Group>
        </Stack>

        {missing && (
          <Alert color={createMissing ? 'blue' : 'orange'} title={t('import.result.missingTitle')} data-testid="import-missing">
            <Stack gap={4}>
              {result.faltantes.nucleos.length > 0 && <Text size="sm">{t('import.result.missingFarms', { names: result.faltantes.nucleos.join(', ') })}</Text>}
              {result.faltantes.lotes.length > 0 && (
                <Text size="sm">
                  {t('import.result.missingFlocks')}: {result.faltantes.lotes.map((entry) => t('import.result.flockOnFarm', entry)).join(', ')}
                </Text>
              )}
              <Text size="sm" fw={600}>
                {createMissing ? t('import.result.missingCreate') : t('import.result.missingHint')}
              </Text>
            </Stack>
          </Alert>
        )}

        {result.rejeitadas.length > 0 && (
          <Stack gap={6}>
            <Group gap="xs">
              <IconAlertTriangle size={18} color="var(--mantine-color-red-6)" />
              <Text fw={600}>{t('import.result.rejectedTitle')}</Text>
            </Group>
            {result.rejeitadasTotal > result.rejeitadas.length && (
              <Text size="sm" c="dimmed">
                {t('import.result.rejectedShown', { shown: n.format(result.rejeitadas.length), total: n.format(result.rejeitadasTotal) })}
              </Text>
            )}
            <ReportTable
              testId="import-rejected"
              {...TABLE_LOOK}
              minWidth={520}
              columns={[
                { key: 'linha', header: t('import.result.line'), dataCol: false, cell: (row) => row.linha },
                { key: 'motivo', header: t('import.result.reason'), dataCol: false, cell: (row) => t(`import.motivos.${row.motivo}`) },
                { key: 'campo', header: t('import.result.column'), dataCol: false, cell: (row) => fieldName(row.campo) },
                { key: 'valor', header: t('import.result.value'), dataCol: false, cell: (row) => <span style={{ overflowWrap: 'anywhere' }}>{row.valor}</span> },
              ]}
              rows={result.rejeitadas.slice(0, 200)}
              rowKey={(row, index) => `${row.linha}-${index}`}
            />
          </Stack>
        )}

        {result.amostra.length > 0 && (
          <Stack gap={6}>
            <Group gap="xs">
              <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" />
              <Text fw={600}>{t('import.result.sample')}</Text>
              <Text size="sm" c="dimmed">
                {t('import.result.sampleHint')}
              </Text>
            </Group>
            <ReportTable
              testId="import-sample"
              {...TABLE_LOOK}
              minWidth={760}
              columns={[
                { key: 'linha', header: t('import.result.line'), dataCol: false, cell: (row) => row.linha },
                ...SAMPLE_FIELDS.map(
                  (field): ReportColumn<ImportResponse['amostra'][number]> => ({
                    key: field,
                    header: t(`import.fields.${field}`),
                    align: field === 'peso' || field === 'idade_lote' ? 'number' : 'text',
                    dataCol: false,
                    cellAttributes: field === 'peso' ? () => ({ 'data-testid': 'import-sample-peso' }) : undefined,
                    cell: (row) => (field === 'data' ? isoToMasked(row.data) : field === 'peso' ? n.format(row.peso, 1) : (row[field] ?? '')),
                  }),
                ),
              ]}
              rows={result.amostra}
              rowKey={(row) => row.linha}
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
