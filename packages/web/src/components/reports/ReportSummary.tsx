import { Paper, SimpleGrid, Text, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './ReportPeriodBar.module.css';

/** One summary card: a label over its value, and an optional small note under it. */
export interface SummaryCard {
  key: string;
  label: ReactNode;
  value: ReactNode;
  /** The value's test id (default: total-<key>). */
  testId?: string;
  hint?: { text: ReactNode; testId: string };
}

interface ReportSummaryProps {
  cards: readonly SummaryCard[];
  cols: SimpleGridProps['cols'];
  testId: string;
}

/** The row of totals at the top of a report page; kept on one printed page. */
export function ReportSummary({ cards, cols, testId }: ReportSummaryProps) {
  return (
    <SimpleGrid cols={cols} spacing="sm" data-testid={testId} className={classes.keepTogether}>
      {cards.map((card) => (
        <Paper key={card.key} withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {card.label}
          </Text>
          <Text fw={700} fz="lg" data-testid={card.testId ?? `total-${card.key}`}>
            {card.value}
          </Text>
          {card.hint && (
            <Text size="xs" c="dimmed" data-testid={card.hint.testId}>
              {card.hint.text}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
