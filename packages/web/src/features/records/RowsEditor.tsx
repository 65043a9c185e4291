import { ActionIcon, Alert, Box, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactElement, ReactNode } from 'react';
import { RecordSection } from './RecordFormPage';
import { errorLabel } from './schemaForm';

/** How an input is named: a visible label in a card, an aria-label under the table's header. */
export type RowInputName = { label: string } | { 'aria-label': string };

interface RowsEditorProps<C extends string> {
  title: string;
  description: string;
  /** Rows of the form list; `key` keeps React rows stable while rows come and go. */
  rows: { key: string }[];
  /** The columns' names, in order: the wide header and the inputs' labels. */
  columns: Record<C, string>;
  /** CSS grid columns of the wide layout, the remove button's last. */
  grid: string;
  /** The inputs of row `index`, one per column, each keyed by its column. */
  inputs: (index: number, name: (column: C) => RowInputName) => ReactElement[];
  /** The column whose input takes a whole line of a phone's card. */
  fullWidth: C;
  /** Read-only: no add or remove buttons. */
  disabled: boolean;
  add: { text: string; onClick: () => void; disabled: boolean };
  remove: { label: (index: number) => string; onClick: (index: number) => void };
  /** The list's own error (too many rows, a repeated name), as a code. */
  error: ReactNode;
  emptyText: string;
  /** Test ids: `<add>`, `<row>`, `<remove>`, `<error>`, `<empty>`. */
  testIds: { add: string; row: string; remove: string; error: string; empty: string };
  /** Below the rows: totals, hints. */
  children?: ReactNode;
}

/**
 * A list of rows edited inside a record's form (a farm's houses): a table of
 * inputs on wide screens, one card per row on phones, with add and remove; nothing is stored
 * until the record is saved.
 */
export function RowsEditor<C extends string>(props: RowsEditorProps<C>) {
  const { rows, columns, inputs, disabled, testIds } = props;
  const wide = useMediaQuery('(min-width: 62em)');

  // One set of inputs for both layouts: on wide screens the header row names the columns, so
  // each input carries its name for screen readers instead of a visible label.
  const inputsOf = (index: number) =>
    inputs(index, (column) => (wide ? { 'aria-label': `${columns[column]} ${index + 1}` } : { label: columns[column] }));

  const removeButton = (index: number) =>
    disabled ? null : (
      <ActionIcon variant="subtle" color="red" size="lg" onClick={() => props.remove.onClick(index)} aria-label={props.remove.label(index)} data-testid={testIds.remove}>
        <IconTrash size={20} />
      </ActionIcon>
    );

  let body: ReactNode;
  if (rows.length === 0) {
    body = (
      <Text c="dimmed" data-testid={testIds.empty}>
        {props.emptyText}
      </Text>
    );
  } else if (wide) {
    body = (
      <Box style={{ display: 'grid', gridTemplateColumns: props.grid, gap: 'var(--mantine-spacing-xs) var(--mantine-spacing-sm)', alignItems: 'start' }}>
        {Object.values<string>(columns).map((name) => (
          <Text key={name} size="sm" fw={600} c="dimmed">
            {name}
          </Text>
        ))}
        <span />
        {rows.map((row, index) => (
          <Box key={row.key} style={{ display: 'contents' }} data-testid={testIds.row}>
            {inputsOf(index)}
            <Box pt={4}>{removeButton(index)}</Box>
          </Box>
        ))}
      </Box>
    );
  } else {
    body = rows.map((row, index) => (
      <Paper key={row.key} withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)" data-testid={testIds.row}>
        <Group justify="space-between" mb={4} wrap="nowrap">
          <Text fw={600} size="sm" c="dimmed">
            #{index + 1}
          </Text>
          {removeButton(index)}
        </Group>
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          {inputsOf(index).map((input) => (
            <Box key={input.key} style={input.key === props.fullWidth ? { gridColumn: '1 / -1' } : undefined}>
              {input}
            </Box>
          ))}
        </SimpleGrid>
      </Paper>
    ));
  }

  return (
    <RecordSection
      title={props.title}
      description={props.description}
      actions={
        disabled ? null : (
          <Button variant="light" leftSection={<IconPlus size={18} />} onClick={props.add.onClick} disabled={props.add.disabled} data-testid={testIds.add}>
            {props.add.text}
          </Button>
        )
      }
    >
      <Stack gap="sm">
        {props.error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid={testIds.error}>
            {errorLabel(props.error)}
          </Alert>
        )}
        {body}
        {props.children}
      </Stack>
    </RecordSection>
  );
}
