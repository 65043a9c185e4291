import { registerFechamentoBody, type Lote, type RegisterFechamentoBody } from '@portal/shared';
import { isoToMasked, requiredDate } from '../records/dates';
import { optionalNumber, requiredNumber, type NumberValue } from '../records/formValues';

/** The close-out form (registerfechamento): the closing day dd/mm/yyyy as typed, what was delivered. */
export interface CloseOutValues {
  data: string;
  aves_entregues: NumberValue;
  kg_entregues: NumberValue;
  racao_kg: NumberValue;
  obs: string;
}

/** A stored close-out to correct, else the closing day (or today) and the birds alive as a start. */
export function closeOutValues(flock: Pick<Lote, 'fechamento' | 'data_encerramento' | 'aves_atuais'>, todayIso: string): CloseOutValues {
  const stored = flock.fechamento;
  return {
    data: isoToMasked(stored?.data ?? flock.data_encerramento ?? todayIso),
    aves_entregues: stored?.aves_entregues ?? (flock.aves_atuais > 0 ? flock.aves_atuais : ''),
    kg_entregues: stored?.kg_entregues ?? '',
    racao_kg: stored?.racao_kg ?? '',
    obs: stored?.obs ?? '',
  };
}

export const closeOutSchema = registerFechamentoBody;

/** registerfechamento's body. */
export const closeOutBody = (loteId: number) => (values: CloseOutValues): RegisterFechamentoBody => ({
  lote_id: loteId,
  data: requiredDate(values.data),
  aves_entregues: requiredNumber(values.aves_entregues),
  kg_entregues: requiredNumber(values.kg_entregues),
  racao_kg: optionalNumber(values.racao_kg),
  obs: values.obs,
});
