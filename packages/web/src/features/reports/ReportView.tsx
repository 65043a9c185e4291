import { Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AvesPesosResponse } from '@portal/shared';
import { useCallback, useMemo, useRef } from 'react';
import type { ReportKind } from './api';
import { BoxList, type BoxListHandle } from './BoxList';
import type { JanelaOverride } from './quality';
import { reportLayout } from './reportItems';
import { ReportHeaderPanel } from './ReportHeadings';
import { ReportOwnerContext } from './SexSplitSection';
import { SummaryTable } from './SummaryTable';

/** From this width (Mantine's md) two boxes stand side by side. */
const TWO_COLUMNS = '(min-width: 62em)';

/**
 * The report on screen, in the reports language (ReportTextsContext): the header, the summary
 * table, then every box under its group, house and side headings as a virtualised list. The flat
 * rows are built once per report and width. `prop`: the owner acted for (what a box's sex split
 * asks with); `janela`: the quality window the report was recomputed under, when one was asked.
 * Test id `report-result`.
 */
export function ReportView({ kind, report, prop, janela }: { kind: ReportKind; report: AvesPesosResponse; prop?: number; janela?: JanelaOverride }) {
  const wide = useMediaQuery(TWO_COLUMNS, undefined, { getInitialValueInEffect: false });
  const columns = wide ? 2 : 1;
  const layout = useMemo(() => reportLayout(report, columns), [report, columns]);
  const list = useRef<BoxListHandle>(null);
  const open = useCallback((item: number) => list.current?.open(item), []);
  return (
    <Stack gap="lg" data-testid="report-result" data-boxes={layout.boxCount}>
      <ReportHeaderPanel kind={kind} report={report} janela={janela} />
      <SummaryTable kind={kind} report={report} rows={layout.summary} onOpen={open} />
      <ReportOwnerContext value={prop}>
        <BoxList ref={list} kind={kind} items={layout.items} columns={columns} />
      </ReportOwnerContext>
    </Stack>
  );
}
