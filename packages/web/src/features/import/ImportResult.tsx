import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ImportResponse } from '@portal/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isoToMasked } from '../records/dates';
import { useNumberFormat } from '../records/useNumberFormat';

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

/** A wide table inside the card: it scrolls sideways on a phone, the page does not. */
function WideTable({ children, minWidth, testId }: { children: ReactNode; minWidth: number; testId: string }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table striped withTableBorder fz="sm" verticalSpacing={4} data-testid={testId}>
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

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
            <WideTable minWidth={520} testId="import-rejected">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('import.result.line')}</Table.Th>
                  <Table.Th>{t('import.result.reason')}</Table.Th>
                  <Table.Th>{t('import.result.column')}</Table.Th>
                  <Table.Th>{t('import.result.value')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.rejeitadas.slice(0, 200).map((row, index) => (
                  <Table.Tr key={`${row.linha}-${index}`}>
                    <Table.Td>{row.linha}</Table.Td>
                    <Table.Td>{t(`import.motivos.${row.motivo}`)}</Table.Td>
                    <Table.Td>{fieldName(row.campo)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.valor}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </WideTable>
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
            <WideTable minWidth={760} testId="import-sample">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('import.result.line')}</Table.Th>
                  {(['data', 'hora', 'nucleo', 'lote', 'aviario', 'lado', 'box', 'sexo', 'peso', 'idade_lote'] as const).map((field) => (
                    <Table.Th key={field}>{t(`import.fields.${field}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.amostra.map((row) => (
                  <Table.Tr key={row.linha}>
                    <Table.Td>{row.linha}</Table.Td>
                    <Table.Td>{isoToMasked(row.data)}</Table.Td>
                    <Table.Td>{row.hora}</Table.Td>
                    <Table.Td>{row.nucleo}</Table.Td>
                    <Table.Td>{row.lote}</Table.Td>
                    <Table.Td>{row.aviario}</Table.Td>
                    <Table.Td>{row.lado}</Table.Td>
                    <Table.Td>{row.box}</Table.Td>
                    <Table.Td>{row.sexo}</Table.Td>
                    <Table.Td ta="right" data-testid="import-sample-peso">
                      {n.format(row.peso, 1)}
                    </Table.Td>
                    <Table.Td ta="right">{row.idade_lote ?? ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </WideTable>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
