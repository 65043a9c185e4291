import { Affix, Button, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../records/useNumberFormat';

interface PrintProgressProps {
  drawn: number;
  total: number;
  onCancel: () => void;
}

/**
 * While the printed layout draws its charts (a batch at a time): 'n of N charts' and a bar, with
 * Cancel; then 'preparing the pages' until the images are decoded and the print dialog opens.
 * In the interface language, as the Print button. Test ids `print-progress` (data-drawn,
 * data-total), `print-cancel`.
 */
export function PrintProgress({ drawn, total, onCancel }: PrintProgressProps) {
  const { t } = useTranslation();
  const numbers = useNumberFormat();
  const drawing = drawn < total;
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={300}>
      <Paper withBorder shadow="md" radius="md" p="md" w={300} maw="calc(100vw - 32px)" role="status" aria-live="polite" data-testid="print-progress" data-drawn={drawn} data-total={total}>
        <Stack gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" />
            <Text size="sm" fw={600}>
              {drawing ? t('reports.printProgress.drawing', { drawn: numbers.format(drawn, 0), total: numbers.format(total, 0) }) : t('reports.printProgress.preparing')}
            </Text>
          </Group>
          <Progress value={total ? (drawn / total) * 100 : 100} animated={!drawing} aria-label={t('reports.printProgress.label')} />
          <Group justify="flex-end">
            <Button variant="subtle" size="xs" onClick={onCancel} data-testid="print-cancel">
              {t('reports.printProgress.cancel')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Affix>
  );
}
