import classes from './ReportTable.module.css';

/** Class names of the report table for what sits beside it: `badge`, a badge that keeps its size next to a cell's or a line's text. */
export const reportTableClasses = {
  badge: classes.badge!,
};
