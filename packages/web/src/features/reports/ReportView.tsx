import { Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AvesPesosResponse } from '@portal/shared';
import { useCallback, useMemo, useRef } from 'react';
import type { ReportKind } from './api';
import { BoxList, type BoxListHandle } from './BoxList';
import { reportLayout } from './reportItems';
import { ReportHeaderPanel } from './ReportHeadings';
import { SummaryTable } from './SummaryTable';

/** From this width (Mantine's md) two boxes stand side by side. */
const TWO_COLUMNS = '(min-width: 62em)';

/**
 * The report on screen, in the reports language (ReportTextsContext): the header, the summary
 * table, then every box under its group, house and side headings as a virtualised list. The flat
 * rows are built once per report and width. Test id `report-result`.
 */
export function ReportView({ kind, report }: { kind: ReportKind; report: AvesPesosResponse }) {
  const wide = useMediaQuery(TWO_COLUMNS, undefined, { getInitialValueInEffect: false });
  const columns = wide ? 2 : 1;
  const layout = useMemo(() => reportLayout(report, columns), [report, columns]);
  const list = useRef<BoxListHandle>(null);
  const open = useCallback((item: number) => list.current?.open(item), []);
  return (
    <Stack gap="lg" data-testid="report-result" data-boxes={layout.boxCount}>
      <ReportHeaderPanel kind={kind} report={report} />
      <SummaryTable kind={kind} report={report} rows={layout.summary} onOpen={open} />
      <BoxList ref={list} kind={kind} items={layout.items} columns={columns} />
    </Stack>
  );
}
