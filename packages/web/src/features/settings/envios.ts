import type { EnvioEstado, IntegracaoEnvio, IntegracaoEnvios, IntegracaoEstado } from '@portal/shared';
import { maskedToIso } from '../records/dates';

/** Runs still to finish: while one is listed, the delivery log asks again. */
const UNFINISHED: readonly EnvioEstado[] = ['pendente', 'executando'];

/** How often the log is asked again while a run is pending or running. */
export const RUN_POLL_MS = 1500;

export const isUnfinished = (envio: Pick<IntegracaoEnvio, 'estado'>) => UNFINISHED.includes(envio.estado);

/** The refetch interval of the delivery log: polling only while a run has not finished. */
export function runPollInterval(envios: Pick<IntegracaoEnvios, 'envios'> | undefined): number | false {
  return envios?.envios.some(isUnfinished) ? RUN_POLL_MS : false;
}

/** Badge colour of a configuration's state. */
export const STATE_COLOR: Record<IntegracaoEstado, string> = { ativa: 'field', inativa: 'gray', pausada: 'orange' };

/** Badge colour of a run's status. */
export const RUN_COLOR: Record<EnvioEstado, string> = {
  pendente: 'gray',
  executando: 'blue',
  sucesso: 'field',
  falha: 'red',
  erro_config: 'orange',
};

/** Characters of the endpoint's answer shown before "more". */
export const ANSWER_PREVIEW = 80;

/** The endpoint's answer cut for the log line; `cut` tells the screen to offer the whole text. */
export function answerPreview(resposta: string | null, max = ANSWER_PREVIEW): { text: string; cut: boolean } {
  const text = (resposta ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return { text, cut: false };
  return { text: `${text.slice(0, max - 1).trimEnd()}…`, cut: true };
}

export type ResendDateProblem = 'FIELD_REQUIRED' | 'FIELD_INVALID' | 'FIELD_OUT_OF_RANGE';

/**
 * "Reenviar desde": the day typed (dd/mm/yyyy) as YYYY-MM-DD, or why it cannot be sent: empty, not
 * a real date, or after `today` (YYYY-MM-DD on the account's clock; nothing changed in the future).
 */
export function resendDate(masked: string, today: string): { iso: string } | { problem: ResendDateProblem } {
  if (masked.trim() === '') return { problem: 'FIELD_REQUIRED' };
  const iso = maskedToIso(masked);
  if (!iso) return { problem: 'FIELD_INVALID' };
  if (iso > today) return { problem: 'FIELD_OUT_OF_RANGE' };
  return { iso };
}
