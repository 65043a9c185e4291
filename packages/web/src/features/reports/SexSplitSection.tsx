import { Button, CloseButton, Loader } from '@mantine/core';
import { IconGenderBigender, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReportBox, SeparacaoSexo } from '@portal/shared';
import { createContext, useContext, useMemo, useState } from 'react';
import { errorText } from '../../api/errorText';
import { sexSplitKey, useSexSplit } from './api';
import { BoxHistogram } from './BoxHistogram';
import { useReportTexts, type ReportTexts } from './reportTexts';
import { refusalText, sexSplitQuery } from './sexSplit';
import classes from './SexSplitSection.module.css';
import { CURVE_COLOURS, curveValues, type HistogramCurve } from './splitCurves';
import stats from './StatsGrid.module.css';

/** The owner the report is acted for (undefined: oneself): a box's split asks for the same owner's weighings. */
export const ReportOwnerContext = createContext<number | undefined>(undefined);

const NO_CURVES: readonly HistogramCurve[] = [];

/** One sex of an accepted split: its share and birds, then mean, CV and uniformity as the box's statistics are shown. */
function SexFigures({ grupo, texts }: { grupo: SeparacaoSexo['sexos'][number]; texts: ReportTexts }) {
  const { t, label, stat, numbers } = texts;
  const figures = [
    { name: 'pesoMedio', value: stat(grupo.peso_medio_g, 'grams') },
    { name: 'cv', value: stat(grupo.cv_pct, 'percent') },
    { name: 'uni', value: stat(grupo.uniformidade_pct, 'percent') },
  ];
  return (
    <div className={classes.sex} data-testid="sex-split-sexo" data-sexo={grupo.sexo}>
      <p className={classes.sexName}>
        <strong>
          <span className={classes.swatch} style={{ background: CURVE_COLOURS[grupo.sexo] }} aria-hidden="true" />
          {label(`reports.sexSplit.sexos.${grupo.sexo}`)}
        </strong>
        <span className={classes.share} data-testid="sex-split-share">
          {t('reports.sexSplit.share', { percent: stat(grupo.proporcao_pct, 'percent'), aves: numbers.format(grupo.aves, 0) })}
        </span>
      </p>
      <dl className={stats.grid}>
        {figures.map((figure) => (
          <div key={figure.name} className={stats.stat}>
            <dt className={stats.label}>{label(`reports.stats.${figure.name}`)}</dt>
            <dd className={stats.value} data-testid={`sex-split-${figure.name}`}>
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** How surely the birds were told apart, and the standards' ratio the fit was held to. */
function splitNote({ t, stat, numbers }: ReportTexts, answer: SeparacaoSexo): string {
  const parts = [t('reports.sexSplit.confidence', { confianca: stat(answer.confianca_pct, 'percent'), d: numbers.format(answer.separacao_d, 2) })];
  // A ratio left free within bounds is not the standards' word: only theirs is told.
  if (answer.razao_esperada !== null && answer.razao_fonte === 'padroes') parts.push(t('reports.sexSplit.ratio', { razao: numbers.format(answer.razao_esperada, 2) }));
  return parts.join(' · ');
}

/** The answer: each sex's figures and the confidence, or why the split was refused. */
function SplitAnswer({ answer, texts }: { answer: SeparacaoSexo; texts: ReportTexts }) {
  const refusal = refusalText(texts, answer);
  if (refusal !== null) {
    return (
      <p className={classes.refused} data-testid="sex-split-refused">
        {refusal}
      </p>
    );
  }
  return (
    <>
      {answer.sexos.map((grupo) => (
        <SexFigures key={grupo.sexo} grupo={grupo} texts={texts} />
      ))}
      <p className={classes.note} data-testid="sex-split-confidence">
        {splitNote(texts, answer)}
      </p>
    </>
  );
}

/**
 * A mixed box's histogram with its sex split on demand (issue 20): "Separate sexes" asks
 * getseparacaosexo for this box alone (a report of a month has thousands of boxes), then shows per
 * sex its share, birds, mean, CV and uniformity, the confidence, and the two fitted normal curves
 * over the histogram; a refusal says why. A split once shown stays while the report is cached,
 * also when the box scrolls away and back; Hide forgets it. Test ids `sex-split-open`, `sex-split`
 * (data-situacao: loading, error or the answer's situacao), `sex-split-sexo` (data-sexo),
 * `sex-split-refused`, `sex-split-error`, `sex-split-retry`, `sex-split-hide`.
 */
export function SexSplitSection({ loteId, box }: { loteId: number; box: ReportBox }) {
  const texts = useReportTexts();
  const { t, label } = texts;
  const prop = useContext(ReportOwnerContext);
  const client = useQueryClient();
  const query = useMemo(() => sexSplitQuery({ lote_id: loteId }, box, prop), [loteId, box, prop]);
  // Asked before (answered, failed or on its way) and scrolled back: shown again. A query not
  // asked yet also sits in the cache (disabled, pending): that one stays closed.
  const [open, setOpen] = useState(() => {
    const state = client.getQueryState(sexSplitKey(query));
    return state !== undefined && (state.data !== undefined || state.status === 'error' || state.fetchStatus === 'fetching');
  });
  const split = useSexSplit(query, open);
  const answer = open ? split.data : undefined;

  const curves = useMemo<readonly HistogramCurve[]>(() => {
    if (answer?.situacao !== 'ok') return NO_CURVES;
    return answer.sexos.map((grupo) => ({ name: label(`reports.sexSplit.sexos.${grupo.sexo}`), colour: CURVE_COLOURS[grupo.sexo], values: curveValues(box.histograma, grupo) }));
  }, [answer, box.histograma, label]);

  const hide = () => {
    setOpen(false);
    client.removeQueries({ queryKey: sexSplitKey(query), exact: true });
  };

  let body;
  if (answer) body = <SplitAnswer answer={answer} texts={texts} />;
  else if (split.isError) {
    body = (
      <>
        <p className={classes.error} role="alert" data-testid="sex-split-error">
          {errorText(split.error, t)}
        </p>
        <Button size="compact-sm" variant="light" color="red" className={classes.action} leftSection={<IconRefresh size={14} />} onClick={() => void split.refetch()} data-testid="sex-split-retry">
          {label('reports.retry')}
        </Button>
      </>
    );
  } else {
    body = (
      <p className={classes.note}>
        <Loader size={12} mr={6} />
        {label('reports.sexSplit.loading')}
      </p>
    );
  }
  const situacao = answer?.situacao ?? (split.isError ? 'error' : 'loading');

  return (
    <>
      <BoxHistogram histogram={box.histograma} curves={curves} />
      {open ? (
        <section className={classes.panel} data-testid="sex-split" data-situacao={situacao} aria-busy={situacao === 'loading'}>
          <div className={classes.head}>
            <h4 className={classes.title}>{label('reports.sexSplit.title')}</h4>
            <CloseButton size="sm" aria-label={label('reports.sexSplit.hide')} title={label('reports.sexSplit.hide')} onClick={hide} data-testid="sex-split-hide" />
          </div>
          {body}
        </section>
      ) : (
        <Button size="compact-sm" variant="light" className={classes.action} leftSection={<IconGenderBigender size={16} />} onClick={() => setOpen(true)} data-testid="sex-split-open">
          {label('reports.sexSplit.action')}
        </Button>
      )}
    </>
  );
}
