import { Group, Radio, Stack, Text, type MantineSpacing } from '@mantine/core';

export interface RadioCardOption {
  value: string;
  label: string;
  /** One line on what choosing it means. */
  hint: string;
  testId: string;
}

/** The choices of a Radio.Group as cards, each explained, so the difference is read before choosing. */
export function RadioCards({ options, mt }: { options: RadioCardOption[]; mt?: MantineSpacing }) {
  return (
    <Stack gap="sm" mt={mt}>
      {options.map((option) => (
        <Radio.Card key={option.value} value={option.value} radius="md" p="md" data-testid={option.testId}>
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <Radio.Indicator />
            <div>
              <Text fw={600}>{option.label}</Text>
              <Text size="sm" c="dimmed">
                {option.hint}
              </Text>
            </div>
          </Group>
        </Radio.Card>
      ))}
    </Stack>
  );
}
