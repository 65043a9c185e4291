import type { Estatisticas, ReportGrupo } from '@portal/shared';
import { memo } from 'react';
import { useReportTexts } from './reportTexts';
import { STAT_FIELDS } from './statFields';
import classes from './StatsGrid.module.css';

/**
 * The section 3 statistics of one node under their labels, in the reports language; each value
 * carries the test id `stat-<name>` (pesoMedio, cv, uni …), the scores `stat-scores`. `compact`:
 * three columns at any width (a box card); otherwise three up to five on a wide screen.
 * The band rule (uni, qtdUniforme, cuts) is told once, in the report header.
 */
export const StatsGrid = memo(function StatsGrid({ stats, compact = false }: { stats: Estatisticas; compact?: boolean }) {
  const { t, numbers, label: labelOf, stat: text } = useReportTexts();
  return (
    <div>
      <dl className={compact ? classes.grid : `${classes.grid} ${classes.wide}`}>
        {STAT_FIELDS.map((field) => {
          const label = labelOf(`reports.stats.${field.name}`);
          return (
            <div key={field.name} className={classes.stat}>
              <dt className={classes.label} title={label}>
                {label}
              </dt>
              <dd className={classes.value} data-testid={`stat-${field.name}`}>
                {text(stats[field.name], field.unit)}
              </dd>
            </div>
          );
        })}
      </dl>
      {stats.scores.length > 0 && (
        <p className={classes.scores} data-testid="stat-scores">
          <span>{labelOf('reports.stats.scores')}: </span>
          {stats.scores.map((entry) => t('reports.scoreEntry', { score: entry.score, count: numbers.format(entry.count, 0), percent: numbers.format(entry.percent, 2) })).join(' · ')}
        </p>
      )}
    </div>
  );
});

/** pmComparacao and % of the standard, when the flock has a standard for its age. */
export function StandardLine({ padrao }: { padrao: ReportGrupo['padrao'] }) {
  const { t, stat: text } = useReportTexts();
  if (!padrao) return null;
  return (
    <p className={classes.scores} data-testid="stat-padrao">
      {t('reports.standard', {
        nome: padrao.padrao_nome,
        idade: padrao.idade,
        pmComparacao: text(padrao.pmComparacao, 'grams'),
        percent: text(padrao.percentPadrao, 'percent'),
      })}
    </p>
  );
}
