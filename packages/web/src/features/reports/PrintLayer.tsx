import type { AvesPesosResponse } from '@portal/shared';
import { useImperativeHandle, type Ref } from 'react';
import type { ReportKind } from './api';
import { PrintProgress } from './PrintProgress';
import { PrintReport } from './PrintReport';
import type { JanelaOverride } from './quality';
import { useReportTexts } from './reportTexts';
import { usePrintLayout } from './usePrintLayout';

export interface PrintHandle {
  /** Lays the report out for paper (with its progress), then opens the print dialog. */
  print: () => void;
}

/**
 * The printed layout and its progress, apart from the screen: while the charts are drawn only
 * this part renders again, not the report or the filters.
 */
export function PrintLayer({ kind, report, janela, ref }: { kind: ReportKind; report: AvesPesosResponse; janela?: JanelaOverride; ref: Ref<PrintHandle> }) {
  const layout = usePrintLayout(report, useReportTexts());
  useImperativeHandle(ref, () => ({ print: layout.print }), [layout.print]);
  if (!layout.requested) return null;
  return (
    <>
      <PrintReport kind={kind} report={report} janela={janela} charts={layout.charts} onReady={layout.onReady} />
      {layout.waiting && <PrintProgress drawn={layout.charts.length} total={layout.total} onCancel={layout.cancel} />}
    </>
  );
}
