import { Alert, Group, Loader } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';

interface ReportContentProps<T> {
  /** Test ids: <testIdPrefix>-not-found and <testIdPrefix>-error. */
  testIdPrefix: string;
  /** False when the url names no valid record: shown as not found, as a 404 is. */
  validId: boolean;
  notFoundText: string;
  /** The first failed query's error, if any. */
  failure: unknown;
  /** False while the period in the url is invalid: the period bar says why, nothing shows here. */
  periodValid: boolean;
  /** What the body needs; undefined until every query it comes from has answered. */
  data: T | undefined;
  /** The report, drawn once `data` is there. */
  children: (data: T) => ReactNode;
}

/** What a report page shows under its period bar: not found, an error, a spinner, or the report. */
export function ReportContent<T>({ testIdPrefix, validId, notFoundText, failure, periodValid, data, children }: ReportContentProps<T>) {
  const { t } = useTranslation();
  if (!validId || (failure instanceof ApiError && failure.status === 404)) {
    return (
      <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid={`${testIdPrefix}-not-found`}>
        {notFoundText}
      </Alert>
    );
  }
  if (failure) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid={`${testIdPrefix}-error`}>
        {errorText(failure, t)}
      </Alert>
    );
  }
  if (!periodValid) return null;
  if (data === undefined) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }
  return children(data);
}
