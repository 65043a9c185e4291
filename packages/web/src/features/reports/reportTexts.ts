import { createContext, useContext } from 'react';
import type { ReportLanguage } from '../../components/reports/useReportLanguage';
import { flockTitle } from '../flocks/flockTitle';
import { isoToMasked } from '../records/dates';
import type { ReportKind } from './api';
import type { HistogramTexts } from './histogramChart';
import { DIGITS, type StatUnit } from './statFields';

/**
 * The words and numbers of the report itself (header, summary, boxes, histograms, print, files):
 * the user's reports language (spec section 3), given once by the screen so every part of the
 * report, the printed layout included, reads the same. The filters and buttons around it keep the
 * interface language (useTranslation).
 */
export interface ReportTexts extends ReportLanguage {
  /** A text without options, looked up once (labels repeated in thousands of boxes). */
  label: (key: string) => string;
  /** A statistic as shown (see statText). */
  stat: (value: number | null, unit: StatUnit) => string;
  histogram: HistogramTexts;
}

export const ReportTextsContext = createContext<ReportTexts | null>(null);

export function useReportTexts(): ReportTexts {
  const texts = useContext(ReportTextsContext);
  if (!texts) throw new Error('useReportTexts outside ReportTextsContext: the report screen provides the reports language');
  return texts;
}

/** Stands for the number in a unit's text, so the unit is looked up once, not per value. */
const NUMBER_MARK = '\u0001';

/** A statistic as shown: '2.000,0 g', '10,00 %', '45'; no value (an empty group): '—'. */
function statWriter({ t, numbers }: Pick<ReportLanguage, 't' | 'numbers'>): ReportTexts['stat'] {
  const none = t('reports.none');
  const grams = t('reports.units.grams', { value: NUMBER_MARK });
  const percent = t('reports.units.percent', { value: NUMBER_MARK });
  return (value, unit) => {
    if (value === null) return none;
    const text = numbers.format(value, DIGITS[unit]);
    if (unit === 'grams') return grams.replace(NUMBER_MARK, text);
    return unit === 'percent' ? percent.replace(NUMBER_MARK, text) : text;
  };
}

export function statText(texts: Pick<ReportLanguage, 't' | 'numbers'>, value: number | null, unit: StatUnit): string {
  return statWriter(texts)(value, unit);
}

/** The report's texts of a reports language (useReportLanguage's answer), with its lookups kept. */
export function reportTexts(language: ReportLanguage): ReportTexts {
  const labels = new Map<string, string>();
  const label = (key: string) => {
    let text = labels.get(key);
    if (text === undefined) {
      text = language.t(key);
      labels.set(key, text);
    }
    return text;
  };
  return { ...language, label, stat: statWriter(language), histogram: histogramTexts(language) };
}

/** useReportTexts().stat, for the components that only write statistics. */
export function useStatText(): ReportTexts['stat'] {
  return useReportTexts().stat;
}

/** The histogram's words and numbers in the reports language. */
export function histogramTexts({ t, numbers }: Pick<ReportLanguage, 't' | 'numbers'>): HistogramTexts {
  return {
    grams: (value) => numbers.format(value, 0),
    below: (limit) => t('reports.histogram.below', { limit }),
    above: (limit) => t('reports.histogram.above', { limit }),
    birds: t('reports.histogram.birds'),
    range: (from, to) => t('reports.histogram.range', { from, to }),
  };
}

/**
 * A value under its label, said once: 'Lote L-7', but a flock coded 'Lote 101' stays 'Lote 101'
 * (not 'Lote Lote 101'), and a house named 'Aviário 1' stays 'Aviário 1'. The label counts as
 * said when the value starts with it and no letter follows ('Loteamento Sul' is not a 'Lote').
 */
export function labelled(label: string, value: string, separator = ' '): string {
  if (value === '') return label;
  const start = value.slice(0, label.length);
  const next = value.charAt(label.length);
  const repeats = start.toLocaleLowerCase() === label.toLocaleLowerCase() && !/\p{L}/u.test(next);
  return repeats ? value : `${label}${separator}${value}`;
}

/**
 * A flock (or hatch) under its label: as `labelled`, and a code that already names itself a flock
 * in any language ('Lote 101' in an English report) is not labelled again (flocks/flockTitle.ts,
 * the rule of every flock title in the portal).
 */
export function flockLabelled(label: string, codigo: string, separator = ' '): string {
  return flockTitle(codigo, (code) => labelled(label, code, separator));
}

/** A date|flock|sex group's title: '10/11/2026 · Lote L-7 · Macho' (hatchery: 'Nascimento N-12'). */
export function groupTitle(t: ReportLanguage['t'], kind: ReportKind, grupo: { data: string; lote: string; sexo: string }): string {
  const none = t('reports.none');
  const label = t(`reports.keys.${kind}.lote`);
  return [isoToMasked(grupo.data), grupo.lote ? flockLabelled(label, grupo.lote) : `${label} ${none}`, grupo.sexo || none].join(' · ');
}
