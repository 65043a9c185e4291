import { Alert, Anchor, Button, Checkbox, Code, FileInput, Group, Progress, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { IMPORT_FIELDS, IMPORT_MAX_BYTES, IMPORT_REQUIRED_FIELDS, type ImportResponse } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { PageFrame } from '../../components/PageFrame';
import { saveTextFile } from '../../components/textFile';
import { useCurrentUser } from '../../components/session/session';
import { useOwner } from '../records/owner';
import { OwnerPicker, ReadOnlyBadge } from '../records/OwnerPicker';
import { RecordSection } from '../records/RecordFormPage';
import { useNumberFormat } from '../records/useNumberFormat';
import type { ScreenProps } from '../../components/screens/ScreenFrame';
import { useScreenHeading } from '../../components/screens/useScreenHeading';
import { exampleCsv, exampleLine } from './exampleCsv';
import { rowsBlockingImport, type ImportChoices } from './importGate';
import { ImportResult } from './ImportResult';
import { ImportEncodingMixedError, ImportRejectedError, sendImport, type ImportProgress } from './upload';

const SEPARATORS = [';', ',', 'tab', '|'] as const;
const AUTO = 'auto';

/** A failed call as the screen shows it: its translated code, for a refused import its preview, for a mixed encoding the line. */
interface Failure {
  code: string;
  preview?: ImportResponse;
  linha?: number;
}

/** How the error of a call reads. */
function failureOf(error: unknown): Failure {
  if (error instanceof ImportRejectedError) return { code: error.code, preview: error.preview };
  if (error instanceof ImportEncodingMixedError) return { code: error.code, linha: error.linha };
  if (error instanceof ApiError) return { code: error.code };
  console.error('[import] unexpected failure', error);
  return { code: 'INTERNAL' };
}

function ProgressBar({ progress }: { progress: ImportProgress }) {
  const { t } = useTranslation();
  const percent = progress.phase === 'upload' ? Math.round(progress.fraction * 100) : 100;
  return (
    <Stack gap={4} data-testid="import-progress" data-phase={progress.phase}>
      <Progress value={percent} striped animated={progress.phase === 'processing'} size="lg" aria-label={t('import.progress.processing')} />
      <Text size="sm" c="dimmed">
        {progress.phase === 'upload' ? t('import.progress.uploading', { percent }) : t('import.progress.processing')}
      </Text>
    </Stack>
  );
}

/** The expected columns and values, an example line and a downloadable example file. */
function FormatHelp({ separator, decimal }: { separator: string; decimal: string }) {
  const { t } = useTranslation();
  const optional = IMPORT_FIELDS.filter((field) => !IMPORT_REQUIRED_FIELDS.includes(field));
  return (
    <RecordSection title={t('import.format.title')}>
      <Stack gap="sm" data-testid="import-format">
        <Text size="sm">{t('import.format.intro', { required: IMPORT_REQUIRED_FIELDS.join(', '), optional: optional.join(', ') })}</Text>
        <Text size="sm">{t('import.format.values')}</Text>
        <Text size="sm" fw={600}>
          {t('import.format.example')}
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="import-example-line">
          {exampleLine(separator, decimal)}
        </Code>
        <Group>
          <Anchor
            component="button"
            type="button"
            onClick={() => saveTextFile('exemplo-pesagens.csv', exampleCsv(separator, decimal), 'text/csv')}
            data-testid="import-example"
          >
            <Group gap={4} component="span" wrap="nowrap">
              <IconDownload size={16} />
              {t('import.format.download')}
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </RecordSection>
  );
}

/** importacao: weighing files by hand (POST /api/importacao), a preview first, then all or nothing. */
export default function ImportPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const heading = useScreenHeading(route);
  const owner = useOwner();
  const { user } = useCurrentUser();
  const n = useNumberFormat();
  const queryClient = useQueryClient();
  const userSeparator = user.separador_csv === '\t' ? 'tab' : user.separador_csv;
  const [file, setFile] = useState<File | null>(null);
  const [separator, setSeparator] = useState<string | null>(null);
  const [decimal, setDecimal] = useState<string>(AUTO);
  const [createMissing, setCreateMissing] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [result, setResult] = useState<ImportResponse | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // The choices the shown preview was made with: while it refuses rows, 'Importar' waits (importGate.ts).
  const [checkedWith, setCheckedWith] = useState<ImportChoices | null>(null);
  // Automatic by default: the server takes the user's separator when the header line uses it, else the one it uses.
  const chosenSeparator = separator ?? AUTO;
  const busy = progress !== null;
  const choices: ImportChoices = { separator: chosenSeparator, decimal, createMissing };

  async function run(dryRun: boolean) {
    if (!file) {
      setFileError(t('errors.IMPORT_FILE_REQUIRED'));
      return;
    }
    setFileError(null);
    setFailure(null);
    setResult(null);
    setCheckedWith(choices);
    setProgress({ phase: 'upload', fraction: 0 });
    try {
      const answer = await sendImport(
        {
          file,
          prop: owner.prop,
          dryRun,
          createMissing,
          separador: chosenSeparator === AUTO ? undefined : chosenSeparator,
          decimal: decimal === AUTO ? undefined : decimal,
        },
        setProgress,
      );
      setResult(answer);
      // New weighings, farms and flocks: every screen showing them reads them again.
      if (!dryRun) await queryClient.invalidateQueries();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setProgress(null);
    }
  }

  const shown = result ?? failure?.preview ?? null;
  const blockingRows = rowsBlockingImport(shown, checkedWith, choices);
  const maxMb = Math.round(IMPORT_MAX_BYTES / 2 ** 20);
  return (
    <PageFrame {...heading} description={t('import.description')} badges={<ReadOnlyBadge owner={owner} />} actions={<OwnerPicker owner={owner} />}>
      <Stack gap="lg">
        <RecordSection title={t('import.form.title')} description={t('import.form.hint', { size: maxMb })}>
          <Stack gap="md">
            <FileInput
              label={t('import.form.file')}
              placeholder={t('import.form.filePlaceholder')}
              accept=".csv,.txt,text/csv,text/plain"
              value={file}
              onChange={(value) => {
                setFile(value);
                setFileError(null);
                setResult(null);
                setFailure(null);
              }}
              clearable
              error={fileError}
              leftSection={<IconFileSpreadsheet size={18} />}
              disabled={busy}
              data-testid="import-file"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label={t('import.form.separator')}
                description={t('import.form.separatorHint')}
                data={[
                  { value: AUTO, label: t('import.form.autoSeparator', { separator: userSeparator === 'tab' ? t('import.separators.tab') : userSeparator }) },
                  ...SEPARATORS.map((value) => ({ value, label: t(`import.separators.${value}`) })),
                ]}
                value={chosenSeparator}
                onChange={(value) => value && setSeparator(value)}
                allowDeselect={false}
                disabled={busy}
                comboboxProps={{ withinPortal: true }}
                data-testid="import-separator"
              />
              <Select
                label={t('import.form.decimal')}
                description={t('import.form.decimalHint')}
                data={[{ value: AUTO, label: t('import.form.auto') }, ...(['.', ','] as const).map((value) => ({ value, label: t(`import.decimals.${value}`) }))]}
                value={decimal}
                onChange={(value) => value && setDecimal(value)}
                allowDeselect={false}
                disabled={busy}
                comboboxProps={{ withinPortal: true }}
                data-testid="import-decimal"
              />
            </SimpleGrid>
            <Checkbox
              label={t('import.form.createMissing')}
              description={t('import.form.createMissingHint')}
              checked={createMissing}
              onChange={(event) => setCreateMissing(event.currentTarget.checked)}
              disabled={busy}
              data-testid="import-create-missing"
            />
            {!owner.canWrite && (
              <Alert color="gray" data-testid="import-read-only">
                {t('import.form.readOnly')}
              </Alert>
            )}
            {progress && <ProgressBar progress={progress} />}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" leftSection={<IconEye size={18} />} onClick={() => void run(true)} loading={busy} data-testid="import-preview">
                {t('import.form.preview')}
              </Button>
              {owner.canWrite && (
                <Button
                  leftSection={<IconUpload size={18} />}
                  onClick={() => void run(false)}
                  loading={busy}
                  disabled={blockingRows > 0}
                  aria-describedby={blockingRows > 0 ? 'import-blocked' : undefined}
                  data-testid="import-submit"
                >
                  {t('import.form.import')}
                </Button>
              )}
            </Group>
            {owner.canWrite && blockingRows > 0 && (
              <Text size="sm" c="dimmed" ta="right" id="import-blocked" data-testid="import-blocked">
                {t('import.form.blocked', { count: blockingRows, value: n.format(blockingRows) })}
              </Text>
            )}
          </Stack>
        </RecordSection>

        {failure && (
          <Alert color="red" data-testid="import-error" data-code={failure.code}>
            {t(`errors.${failure.code}`)}
            {failure.linha !== undefined && (
              <Text size="sm" mt={4} data-testid="import-error-line">
                {t('import.encodingLine', { line: n.format(failure.linha) })}
              </Text>
            )}
          </Alert>
        )}
        {result && !result.dry_run && (
          <Alert color="teal" data-testid="import-success">
            {t('import.result.success', { value: n.format(result.importadas) })}
          </Alert>
        )}
        {shown && <ImportResult result={shown} createMissing={createMissing} />}
        <FormatHelp separator={chosenSeparator === AUTO ? userSeparator : chosenSeparator} decimal={decimal === AUTO ? (chosenSeparator === ',' ? '.' : ',') : decimal} />
      </Stack>
    </PageFrame>
  );
}
