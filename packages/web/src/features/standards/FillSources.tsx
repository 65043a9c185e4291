import { Alert, Box, Button, FileButton, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconBook, IconCircleCheck, IconFileImport, IconAlertCircle } from '@tabler/icons-react';
import { parseStandardCsv, type PadraoPreset, type StandardCsvResult } from '@portal/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { daysCovered, usePadraoPresets } from './api';
import { pointRows, type StandardValues } from './standardForm';

/** A standard's file is a few kilobytes; anything far larger is not one. */
const MAX_CSV_BYTES = 1_000_000;

const tooLarge: StandardCsvResult = { error: 'CSV_INVALID' };

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * Two ways to fill a standard instead of typing it: a published standard (getpadrao_presets,
 * with its source cited) or a CSV file read in the browser with parseStandardCsv. Both replace
 * the table; nothing is stored until Save.
 * Test ids: `standard-preset` (Select), `standard-preset-source`, `standard-preset-apply`,
 * `standard-csv-button`, `standard-csv-file` (the file input), `standard-fill-result`.
 */
export function FillSources({ form }: { form: UseFormReturnType<StandardValues> }) {
  const { t } = useTranslation();
  const presets = usePadraoPresets(true);
  const [chosen, setChosen] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [reading, setReading] = useState(false);
  // Cleared after each file, so choosing the same file again (after fixing it) reads it again.
  const resetFile = useRef<() => void>(null);
  const preset = presets.data?.find((entry) => entry.chave === chosen);

  const sexLabel = (entry: PadraoPreset) => t(`standards.sexo.${entry.sexo}`);

  const apply = (entry: PadraoPreset) => {
    form.setValues({
      nome: entry.nome,
      linhagem: entry.linhagem,
      edicao: entry.edicao,
      sexo: entry.sexo,
      fonte: entry.fonte,
      pontos: pointRows(entry.pontos),
    });
    form.clearErrors();
    setOutcome({
      tone: 'success',
      text: t('standards.fill.presetApplied', { name: entry.nome, count: entry.pontos.length, days: daysCovered(entry.pontos) }),
    });
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    setReading(true);
    try {
      const result = file.size > MAX_CSV_BYTES ? tooLarge : parseStandardCsv(await file.text());
      if ('error' in result) {
        const reason = t('errors.CSV_INVALID');
        setOutcome({ tone: 'error', text: result.line ? t('standards.fill.csvErrorLine', { reason, line: result.line }) : reason });
        return;
      }
      form.setFieldValue('pontos', pointRows(result.pontos));
      form.clearFieldError('pontos');
      setOutcome({
        tone: 'success',
        text: t('standards.fill.csvRead', { count: result.pontos.length, days: daysCovered(result.pontos), file: file.name }),
      });
    } catch {
      setOutcome({ tone: 'error', text: t('errors.CSV_INVALID') });
    } finally {
      setReading(false);
      resetFile.current?.();
    }
  };

  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('standards.fill.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="xs">
            <Group gap="xs" wrap="wrap" align="flex-end">
              <Select
                label={t('standards.fill.preset')}
                placeholder={presets.isPending ? t('standards.fill.loading') : t('standards.fill.presetPlaceholder')}
                data={(presets.data ?? []).map((entry) => ({
                  value: entry.chave,
                  label: `${entry.nome} · ${sexLabel(entry)}`,
                }))}
                value={chosen}
                onChange={setChosen}
                leftSection={<IconBook size={18} />}
                comboboxProps={{ withinPortal: true }}
                style={{ flex: 1, minWidth: '14rem' }}
                error={presets.isError ? errorText(presets.error, t) : undefined}
                data-testid="standard-preset"
              />
              <Button variant="light" disabled={!preset} onClick={() => preset && apply(preset)} data-testid="standard-preset-apply">
                {t('standards.fill.use')}
              </Button>
            </Group>
            {preset && (
              <Text size="sm" c="dimmed" data-testid="standard-preset-source">
                {t('standards.fill.source', { source: preset.fonte })}
              </Text>
            )}
          </Stack>
          <Stack gap="xs">
            <Text size="md" fw={500}>
              {t('standards.fill.csv')}
            </Text>
            <Box>
              <FileButton resetRef={resetFile} onChange={(file) => void importFile(file)} accept=".csv,.txt,.tsv,text/csv,text/plain" inputProps={{ 'data-testid': 'standard-csv-file' } as object}>
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconFileImport size={18} />} loading={reading} data-testid="standard-csv-button">
                    {t('standards.fill.csvButton')}
                  </Button>
                )}
              </FileButton>
            </Box>
            <Text size="xs" c="dimmed">
              {t('standards.fill.csvHint')}
            </Text>
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('standards.fill.replaces')}
        </Text>
        {outcome && (
          <Alert
            color={outcome.tone === 'success' ? 'field' : 'red'}
            variant="light"
            icon={outcome.tone === 'success' ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
            role={outcome.tone === 'error' ? 'alert' : 'status'}
            data-testid="standard-fill-result"
            data-tone={outcome.tone}
          >
            {outcome.text}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
