import { setAlarmeRegrasBody, type AlarmeRegras, type SetAlarmeRegrasBody } from '@portal/shared';
import type { NumberValue } from '../records/formValues';
import type { SchemaRules } from '../records/schemaErrors';

/** A rule's numbers as NumberInputs hold them ('' when emptied); switches stay booleans. */
type Editable<T> = { [K in keyof T]: T[K] extends number ? NumberValue : T[K] extends object ? Editable<T[K]> : T[K] };

/** The rules form mirrors setalarmeregras' body, so the schema's error paths land on the inputs. */
export interface RulesValues {
  regras: Editable<AlarmeRegras>;
}

export type RuleName = Exclude<keyof AlarmeRegras, 'lembrete_horas'>;
export type Unit = 'min' | 'h' | 'pct' | 'pp' | 'fraction';

export interface ThresholdField {
  key: string;
  unit: Unit;
  /** Decimals the input takes (0: whole numbers). */
  decimals: number;
  step: number;
}

/** Every rule and its thresholds in the order the screen shows them (the shared schema's limits apply). */
export const RULE_FIELDS: readonly { rule: RuleName; fields: readonly ThresholdField[] }[] = [
  {
    rule: 'sem_dados',
    fields: [
      { key: 'minutos_balanca', unit: 'min', decimals: 0, step: 5 },
      { key: 'minutos_silo', unit: 'min', decimals: 0, step: 5 },
      { key: 'minutos_outros', unit: 'min', decimals: 0, step: 5 },
    ],
  },
  { rule: 'silo_fim', fields: [{ key: 'horas', unit: 'h', decimals: 0, step: 1 }] },
  {
    rule: 'lote_atrasado',
    fields: [
      { key: 'pct_padrao', unit: 'pct', decimals: 1, step: 0.5 },
      { key: 'ganho_fracao', unit: 'fraction', decimals: 2, step: 0.05 },
    ],
  },
  {
    rule: 'mortalidade',
    fields: [
      { key: 'pct_dia', unit: 'pct', decimals: 2, step: 0.05 },
      { key: 'acima_padrao_pp', unit: 'pp', decimals: 2, step: 0.1 },
    ],
  },
  { rule: 'balancas_divergentes', fields: [{ key: 'pct', unit: 'pct', decimals: 1, step: 0.5 }] },
  { rule: 'calha_parada', fields: [{ key: 'minutos', unit: 'min', decimals: 0, step: 5 }] },
  { rule: 'dosagem_perdida', fields: [{ key: 'minutos', unit: 'min', decimals: 0, step: 5 }] },
];

export const REMINDER_FIELD: ThresholdField = { key: 'lembrete_horas', unit: 'h', decimals: 2, step: 0.25 };

export const rulesValues = (regras: AlarmeRegras): RulesValues => ({ regras: structuredClone(regras) });

/** An emptied input ('') goes as NaN, which the schema reports as required; everything else as held. */
function numbersOf(value: unknown): unknown {
  if (value === '') return Number.NaN;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, numbersOf(inner)]));
}

/** setalarmeregras' body: the account's rules (nucleoId null) or a farm's own. */
export function rulesBody(values: RulesValues, prop: number | undefined, nucleoId: number | null): SetAlarmeRegrasBody {
  return { ...(prop === undefined ? {} : { prop }), nucleo_id: nucleoId, regras: numbersOf(values.regras) as AlarmeRegras };
}

/** Back to the defaults (the account) or to following the account (a farm). */
export function resetBody(prop: number | undefined, nucleoId: number | null): SetAlarmeRegrasBody {
  return { ...(prop === undefined ? {} : { prop }), nucleo_id: nucleoId, regras: null };
}

/** Checked with setalarmeregras' own schema: the limits the server keeps. */
export const rulesRules = (prop: number | undefined, nucleoId: number | null): SchemaRules<RulesValues> => ({
  schema: setAlarmeRegrasBody,
  toBody: (values) => rulesBody(values, prop, nucleoId),
});
