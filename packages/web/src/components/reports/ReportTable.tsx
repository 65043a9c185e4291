import { Table, type TableProps } from '@mantine/core';
import clsx from 'clsx';
import { useRef, type CSSProperties, type Key, type ReactNode } from 'react';
import { useSideScrollHints } from '../useScrollHints';
import classes from './ReportTable.module.css';

/** `data-*` attributes (and a test id) put on a table, row or cell for tests and e2e to find. */
export type DataAttributes = Record<`data-${string}`, string | number | undefined>;

/**
 * How a column's cells read: `text` wraps; `nowrap` does not (dates, times, names with a badge);
 * `number` is right-aligned in tabular figures, its header too; `center` (an icon link).
 */
export type ColumnAlign = 'text' | 'nowrap' | 'number' | 'center';

/** One column of a report table, declared as data. */
export interface ReportColumn<Row> {
  /** The column's React key and, unless `dataCol` says otherwise, its cells' `data-col`. */
  key: string;
  header: ReactNode;
  /** Default `text`. */
  align?: ColumnAlign;
  /** The cell of a row, already written in the report's language and number format. */
  cell: (row: Row, index: number) => ReactNode;
  /** Its cell in the totals row (the first column's labels the row); nothing when left out. */
  total?: ReactNode;
  /** The cells' `data-col` (body and totals): the key unless given; false for none. */
  dataCol?: string | false;
  /** Left out below the `sm` breakpoint: a phone shows what matters of it in another cell. */
  wideOnly?: boolean;
  /** The header's width ('22%' for a bar). */
  width?: CSSProperties['width'];
  /** More attributes of a body cell (a test id). */
  cellAttributes?: (row: Row) => DataAttributes;
}

/** How a row reads among the others: `total` (a day's or the period's sum: shaded, bold), `empty` (a day without data: dimmed). */
export type RowTone = 'total' | 'empty' | undefined;

type TableLook = Pick<TableProps, 'striped' | 'highlightOnHover' | 'withTableBorder' | 'withRowBorders' | 'verticalSpacing' | 'horizontalSpacing' | 'stickyHeader' | 'fz'>;

export type ReportTableProps<Row> = TableLook & {
  /** The table's test id. */
  testId: string;
  /** The columns in order; `false` leaves a column out (one shown only when some row has its value). */
  columns: ReadonlyArray<ReportColumn<Row> | false>;
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  /** A row's test id and `data-*` attributes. */
  rowAttributes?: (row: Row, index: number) => DataAttributes;
  rowTone?: (row: Row) => RowTone;
  /** A totals row under the rows, from the columns' `total`, with these attributes (its test id). */
  totals?: DataAttributes;
  /** Narrower than this (px) the table scrolls sideways in its card, a fade on the side that hides more; on paper it never scrolls. */
  minWidth?: number;
  /** Tight cells and a smaller printed type, for many columns. */
  dense?: boolean;
  /** More attributes of the table (data-view). */
  attributes?: DataAttributes;
};

const ALIGN_CLASS: Record<ColumnAlign, string | undefined> = { text: undefined, nowrap: classes.nowrap, number: classes.number, center: classes.center };
const TONE_CLASS = { total: classes.totalRow, empty: classes.emptyRow } as const;

/**
 * The one table of the report screens, on screen and on paper: columns as data (header,
 * alignment, cell, total), rows with their test ids, an optional totals row. The cells come
 * written by the screen (reports language, the user's number format: useReportFormat); the table
 * lays them out: numbers right-aligned in tabular figures, a phone scrolling a wide table inside
 * its card with a fade on the hidden side, paper showing it whole in a smaller type.
 */
export function ReportTable<Row>(props: ReportTableProps<Row>) {
  const { testId, columns: declared, rows, rowKey, rowAttributes, rowTone, totals, minWidth, dense, attributes, ...look } = props;
  const columns = declared.filter((column): column is ReportColumn<Row> => column !== false);
  const viewport = useRef<HTMLDivElement>(null);
  const hints = useSideScrollHints(viewport);
  const dataCol = (column: ReportColumn<Row>) => (column.dataCol === false ? undefined : (column.dataCol ?? column.key));
  const visibleFrom = (column: ReportColumn<Row>) => (column.wideOnly ? 'sm' : undefined);
  const cellClass = (column: ReportColumn<Row>) => ALIGN_CLASS[column.align ?? 'text'];
  const tableLook = { ...look, horizontalSpacing: look.horizontalSpacing ?? (dense ? 6 : undefined) };
  const style = minWidth === undefined ? undefined : ({ '--report-table-min-width': `${minWidth}px` } as CSSProperties);

  return (
    <div className={classes.frame}>
      <div ref={viewport} className={classes.tableWrap}>
        <Table {...tableLook} className={clsx(classes.table, dense && classes.dense)} style={style} data-testid={testId} {...attributes}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} className={cellClass(column)} visibleFrom={visibleFrom(column)} w={column.width}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const tone = rowTone?.(row);
              return (
                <Table.Tr key={rowKey(row, index)} className={tone && TONE_CLASS[tone]} {...rowAttributes?.(row, index)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} className={cellClass(column)} visibleFrom={visibleFrom(column)} data-col={dataCol(column)} {...column.cellAttributes?.(row)}>
                      {column.cell(row, index)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          {totals && (
            <Table.Tfoot>
              <Table.Tr className={classes.totalRow} {...totals}>
                {columns.map((column, index) => (
                  <Table.Td key={column.key} className={cellClass(column)} visibleFrom={visibleFrom(column)} data-col={index === 0 ? undefined : dataCol(column)}>
                    {column.total}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </div>
      <div className={classes.fadeLeft} data-shown={hints.left || undefined} aria-hidden="true" />
      <div className={classes.fadeRight} data-shown={hints.right || undefined} aria-hidden="true" />
    </div>
  );
}
