import { confirmEntregaBody, type ConfirmEntregaBody, type SiloEntrega } from '@portal/shared';
import { requiredNumber, type NumberValue } from '../records/formValues';
import type { SchemaRules } from '../records/schemaErrors';

/** The confirm form of a detected delivery: the amount to record, the detected one until the operator changes it. */
export interface DeliveryConfirmValues {
  quantidade_kg: NumberValue;
}

export const deliveryConfirmValues = (entrega: SiloEntrega): DeliveryConfirmValues => ({ quantidade_kg: entrega.quantidade_kg });

/** confirmentrega's body: confirming, with the amount the form holds (the invoice's when corrected). */
export function deliveryConfirmBody(siloId: number, entrega: SiloEntrega, values: DeliveryConfirmValues): Omit<ConfirmEntregaBody, 'prop'> {
  return { idsilo: siloId, em: entrega.em, confirmar: true, quantidade_kg: requiredNumber(values.quantidade_kg) };
}

/** The server's rules for the amount (confirmEntregaBody), the "above 0" one said with the others. */
export function deliveryConfirmRules(siloId: number, entrega: SiloEntrega): SchemaRules<DeliveryConfirmValues> {
  return {
    schema: confirmEntregaBody,
    toBody: (values) => deliveryConfirmBody(siloId, entrega, values),
    moreErrors: (values): Record<string, string> => (typeof values.quantidade_kg === 'number' && values.quantidade_kg <= 0 ? { quantidade_kg: 'FIELD_OUT_OF_RANGE' } : {}),
  };
}
