import { setQualidadeConfigBody, type QualidadeConfig, type SetQualidadeConfigBody } from '@portal/shared';
import { requiredNumber, type NumberValue } from '../records/formValues';
import type { SchemaRules } from '../records/schemaErrors';

/** The flock's weighing-quality settings as the inputs hold them (setqualidadeconfig's fields). */
export interface QualityValues {
  ativo: boolean;
  abaixo_pct: NumberValue;
  acima_pct: NumberValue;
  dupla_tolerancia_pct: NumberValue;
  referencia: string;
  pesagens_dia_meta: NumberValue;
}

export const qualityValues = (stored: QualidadeConfig): QualityValues => ({
  ativo: stored.ativo,
  abaixo_pct: stored.abaixo_pct,
  acima_pct: stored.acima_pct,
  dupla_tolerancia_pct: stored.dupla_tolerancia_pct,
  referencia: stored.referencia,
  pesagens_dia_meta: stored.pesagens_dia_meta,
});

/** setqualidadeconfig's body for the flock and the owner acted for; emptied numbers go as NaN (the schema says required). */
export const qualityBody = (values: QualityValues, loteId: number, prop: number | undefined): SetQualidadeConfigBody => ({
  ...(prop === undefined ? {} : { prop }),
  lote_id: loteId,
  ativo: values.ativo,
  abaixo_pct: requiredNumber(values.abaixo_pct),
  acima_pct: requiredNumber(values.acima_pct),
  dupla_tolerancia_pct: requiredNumber(values.dupla_tolerancia_pct),
  // The Select holds one of the two references; anything else is the schema's to refuse.
  referencia: values.referencia as SetQualidadeConfigBody['referencia'],
  pesagens_dia_meta: requiredNumber(values.pesagens_dia_meta),
});

/** Checked with setqualidadeconfig's own schema: the limits the server keeps. */
export const qualityRules = (loteId: number, prop: number | undefined): SchemaRules<QualityValues> => ({
  schema: setQualidadeConfigBody,
  toBody: (values) => qualityBody(values, loteId, prop),
});
