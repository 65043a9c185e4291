import { Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useReportLanguage } from '../../components/reports/useReportLanguage';
import { categoryKey } from './selection';

/** Light to heavy: warm for the lightest, cool for the heaviest, green in the middle. */
const COLORS: Record<string, string> = {
  limit1: 'red',
  sl: 'orange',
  light: 'yellow',
  average1: 'teal',
  average2: 'green',
  heavy: 'blue',
  superHeavy: 'violet',
};

export function categoryColor(name: string): string {
  return COLORS[categoryKey(name) ?? ''] ?? 'gray';
}

/** The label of a category in `t`'s language, or the name as the grader wrote it when section 9 has no such category. */
export function categoryLabel(name: string, t: TFunction): string {
  const key = categoryKey(name);
  return key ? t(`uniformization.categories.${key}`) : name;
}

/** categoryLabel in the interface language (live screens). */
export function useCategoryLabel() {
  const { t } = useTranslation();
  return (name: string) => categoryLabel(name, t);
}

/**
 * A category's translated label (in the reports language: it names a row of a report), with the
 * grader's own name (section 9's, as on the machine's display) under it when the two differ, so the
 * operator recognises the box on the grader.
 */
export function CategoryName({ name }: { name: string }) {
  const label = categoryLabel(name, useReportLanguage().t);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} data-testid="uni-category-label">
        {label}
      </Text>
      {label !== name && (
        <Text size="xs" c="dimmed">
          {name}
        </Text>
      )}
    </Stack>
  );
}
