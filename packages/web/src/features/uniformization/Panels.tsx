import { Alert, Button, Center, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';

/** Loading the structure or the grader's figures. */
export function UniLoading() {
  return (
    <Center py="xl" data-testid="uni-loading">
      <Loader />
    </Center>
  );
}

/** A failed call, translated, with a retry. */
export function UniError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle />} data-testid="uni-error">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{errorText(error, t)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('records.list.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

/** One card of results: a title, what it shows, then its figures. */
export function ResultCard({ title, description, testId, children }: { title: string; description: string; testId?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid={testId}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {description}
      </Text>
      {children}
    </Paper>
  );
}
