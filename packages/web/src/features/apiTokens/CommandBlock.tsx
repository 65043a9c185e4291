import { Code, Group, Stack, Text } from '@mantine/core';
import { CopyButton } from '../../components/CopyField';

/**
 * A command to copy, shown whole (wrapped, not cut off as in a one-line field on a phone). Test
 * ids `<testId>` on the code and `<testId>-copy` on its button.
 */
export function CommandBlock({ label, description, command, testId }: { label: string; description: string; command: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs">
        <div>
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        </div>
        <CopyButton value={command} what={label} testId={`${testId}-copy`} />
      </Group>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid={testId}>
        {command}
      </Code>
    </Stack>
  );
}
