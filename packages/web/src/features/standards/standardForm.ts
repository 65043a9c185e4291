import { randomId } from '@mantine/hooks';
import type { Padrao, PontoPadrao, SexoPadrao } from '@portal/shared';
import { numberOrEmpty, optionalNumber, requiredNumber, type NumberValue } from '../records/formValues';
import type { RecordBody } from '../records/recordApi';
import type { padraoApi } from './api';

/** One day of age in the points table; `key` only keeps React rows stable while rows come and go. */
export interface PointValues {
  key: string;
  idade: NumberValue;
  peso: NumberValue;
  ganho_diario: NumberValue;
  conversao: NumberValue;
  consumo_acumulado: NumberValue;
  mortalidade_pct: NumberValue;
}

export type PointField = Exclude<keyof PointValues, 'key'>;
export const POINT_FIELDS: readonly PointField[] = ['idade', 'peso', 'ganho_diario', 'conversao', 'consumo_acumulado', 'mortalidade_pct'];

export interface StandardValues {
  nome: string;
  linhagem: string;
  edicao: string;
  sexo: SexoPadrao;
  fonte: string;
  pontos: PointValues[];
}

type StoredPoint = Pick<PontoPadrao, 'idade' | 'peso'> & Partial<Pick<PontoPadrao, 'ganho_diario' | 'conversao' | 'consumo_acumulado' | 'mortalidade_pct'>>;

/** Rows of the table from stored, published or imported points. */
export const pointRows = (pontos: readonly StoredPoint[]): PointValues[] =>
  pontos.map((ponto) => ({
    key: randomId(),
    idade: ponto.idade,
    peso: ponto.peso,
    ganho_diario: numberOrEmpty(ponto.ganho_diario),
    conversao: numberOrEmpty(ponto.conversao),
    consumo_acumulado: numberOrEmpty(ponto.consumo_acumulado),
    mortalidade_pct: numberOrEmpty(ponto.mortalidade_pct),
  }));

/** A new row one day after the last one (day 0 in an empty table). */
export function nextPoint(rows: PointValues[]): PointValues {
  const ages = rows.map((row) => row.idade).filter((age): age is number => typeof age === 'number');
  return { key: randomId(), idade: ages.length > 0 ? Math.max(...ages) + 1 : 0, peso: '', ganho_diario: '', conversao: '', consumo_acumulado: '', mortalidade_pct: '' };
}

/** The form of a stored standard, or of a new one. */
export function standardValues(standard?: Padrao): StandardValues {
  return {
    nome: standard?.nome ?? '',
    linhagem: standard?.linhagem ?? '',
    edicao: standard?.edicao ?? '',
    sexo: standard?.sexo ?? 'misto',
    fonte: standard?.fonte ?? '',
    pontos: pointRows(standard?.pontos ?? []),
  };
}

/** registerpadrao's body. */
export function standardBody(values: StandardValues): RecordBody<(typeof padraoApi)['body']> {
  return {
    nome: values.nome,
    linhagem: values.linhagem,
    edicao: values.edicao,
    sexo: values.sexo,
    fonte: values.fonte,
    pontos: values.pontos.map((row) => ({
      idade: requiredNumber(row.idade),
      peso: requiredNumber(row.peso),
      ganho_diario: optionalNumber(row.ganho_diario),
      conversao: optionalNumber(row.conversao),
      consumo_acumulado: optionalNumber(row.consumo_acumulado),
      mortalidade_pct: optionalNumber(row.mortalidade_pct),
    })),
  };
}

/** The points typed so far that have a day and a weight, by day: what the curve draws. */
export function curvePoints(rows: PointValues[]): { idade: number; peso: number }[] {
  return rows
    .flatMap((row) => (typeof row.idade === 'number' && typeof row.peso === 'number' ? [{ idade: row.idade, peso: row.peso }] : []))
    .sort((a, b) => a.idade - b.idade);
}
