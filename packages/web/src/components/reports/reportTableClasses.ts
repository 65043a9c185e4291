import classes from './ReportTable.module.css';

/** Class names for report tables: `tableWrap` (scrolls sideways inside its card), `number`, `nowrap`, `emptyRow`, `totalRow`, `badge`. */
export const reportTableClasses = {
  tableWrap: classes.tableWrap!,
  number: classes.number!,
  nowrap: classes.nowrap!,
  emptyRow: classes.emptyRow!,
  totalRow: classes.totalRow!,
  badge: classes.badge!,
};
