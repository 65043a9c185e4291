import { setRetencaoBody, type Retencao, type SetRetencaoBody } from '@portal/shared';
import { requiredNumber, type NumberValue } from '../records/formValues';
import type { SchemaRules } from '../records/schemaErrors';

/** The retention form: setretencao's one field, as the number input holds it ('' when emptied). */
export interface RetentionValues {
  leituras_dias: NumberValue;
}

export const retentionValues = (stored: Retencao): RetentionValues => ({ leituras_dias: stored.leituras_dias });

/** setretencao's body; an emptied input is sent as NaN, which the schema reports as required. */
export const retentionBody = (values: RetentionValues): SetRetencaoBody => ({ leituras_dias: requiredNumber(values.leituras_dias) });

/** Checked with setretencao's own schema: the same limits the server keeps. */
export const retentionRules: SchemaRules<RetentionValues> = { schema: setRetencaoBody, toBody: retentionBody };

/** Whole years the per-minute summaries are kept, for the sentence that says so (730 days: 2). */
export const yearsOf = (days: number): number => Math.round(days / 365);
