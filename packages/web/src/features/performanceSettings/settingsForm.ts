import { setConfigDesempenhoBody, type ConfigDesempenho, type SetConfigDesempenhoBody } from '@portal/shared';
import { requiredNumber, type NumberValue } from '../records/formValues';
import type { SchemaRules } from '../records/schemaErrors';

/** The performance settings form: setconfigdesempenho's fields as the inputs hold them. */
export interface SettingsValues {
  causas: string[];
  peso_referencia_g: NumberValue;
  pontos_100g: NumberValue;
}

export const settingsValues = (stored: ConfigDesempenho): SettingsValues => ({
  causas: [...stored.causas],
  peso_referencia_g: stored.peso_referencia_g,
  pontos_100g: stored.pontos_100g,
});

/** setconfigdesempenho's body for the owner acted for; emptied numbers go as NaN (the schema says required). */
export const settingsBody = (values: SettingsValues, prop: number | undefined): SetConfigDesempenhoBody => ({
  ...(prop === undefined ? {} : { prop }),
  causas: values.causas,
  peso_referencia_g: requiredNumber(values.peso_referencia_g),
  pontos_100g: requiredNumber(values.pontos_100g),
});

/** Checked with setconfigdesempenho's own schema: the limits the server keeps. */
export const settingsRules = (prop: number | undefined): SchemaRules<SettingsValues> => ({
  schema: setConfigDesempenhoBody,
  toBody: (values) => settingsBody(values, prop),
});

/** The most causes an account keeps, and the longest name (the schema's limits). */
export const MAX_CAUSES = 30;
export const MAX_CAUSE_LENGTH = 40;

const folded = (text: string) => text.trim().toLocaleLowerCase('pt-BR');

/**
 * What typing `text` in "add a cause" stores: the default code when the text is a default cause's
 * name in the language shown (or the code itself), so "Ascite" typed is the translated `ascite`,
 * else the text as typed (trimmed, inner spaces collapsed).
 */
export function causeToAdd(text: string, labels: ReadonlyMap<string, string>): string {
  const typed = text.trim().replace(/\s+/g, ' ');
  for (const [code, label] of labels) if (folded(label) === folded(typed) || folded(code) === folded(typed)) return code;
  return typed;
}

/** Why a cause cannot be added (an error code), or null: empty, too long, already listed, list full. */
export function addProblem(cause: string, causes: readonly string[]): 'FIELD_REQUIRED' | 'FIELD_TOO_LONG' | 'DUPLICATE_NAME' | 'LIST_FULL' | null {
  if (cause === '') return 'FIELD_REQUIRED';
  if (cause.length > MAX_CAUSE_LENGTH) return 'FIELD_TOO_LONG';
  if (causes.some((existing) => folded(existing) === folded(cause))) return 'DUPLICATE_NAME';
  return causes.length >= MAX_CAUSES ? 'LIST_FULL' : null;
}

/** The list with the entry at `index` moved by `step` (−1 up, +1 down); unchanged at an end. */
export function moved<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
