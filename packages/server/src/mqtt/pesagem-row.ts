import { isStorableText, type MsgPes } from '@portal/shared';
import type { PesagensTable } from '../db/tables.js';
import { IDADE_MAX, MAX_LENGTH, PESO_MAX_DG, readDate, readTime, SCORE_MAX } from '../modules/imports/rows.js';

/** The stored fields of a PES record, before its farm and flock are resolved. */
export type PesagemValues = Pick<PesagensTable, 'data' | 'hora' | 'aviario' | 'lado' | 'box' | 'sexo' | 'peso_dg' | 'idade_lote' | 'linha' | 'score' | 'obs'> & { seq: number };

export type PesagemCheck = { ok: true; values: PesagemValues } | { ok: false; motivo: 'DATA' | 'TEXTO' | 'NUMERO'; detalhe: string };

const TEXTS = ['nucleo', 'lote', 'aviario', 'lado', 'box', 'sexo', 'linha', 'obs'] as const;

const inRange = (value: number | null, max: number) => value === null || (Number.isInteger(value) && value >= 0 && value <= max);

/**
 * The import's row rules (modules/imports/rows.ts) applied to a record the codec accepted, so a
 * weighing stores the same on SQLite and PostgreSQL whichever way it arrived: column lengths, no
 * control characters (obs may hold line breaks, as the codec allows), integers that fit, a real date and time.
 */
export function checkPesagem(message: MsgPes): PesagemCheck {
  const data = readDate(message.data);
  if (data === undefined) return { ok: false, motivo: 'DATA', detalhe: 'data' };
  const hora = readTime(message.hora);
  if (hora === undefined) return { ok: false, motivo: 'DATA', detalhe: 'hora' };
  for (const field of TEXTS) {
    const value = message[field];
    if (value.length > (MAX_LENGTH[field] ?? 0) || !isStorableText(value, field === 'obs')) return { ok: false, motivo: 'TEXTO', detalhe: field };
  }
  const peso_dg = Math.round(message.peso * 10);
  if (!Number.isFinite(peso_dg) || peso_dg <= 0 || peso_dg > PESO_MAX_DG) return { ok: false, motivo: 'NUMERO', detalhe: 'peso' };
  if (!inRange(message.idade_lote, IDADE_MAX)) return { ok: false, motivo: 'NUMERO', detalhe: 'idade_lote' };
  if (!inRange(message.score, SCORE_MAX)) return { ok: false, motivo: 'NUMERO', detalhe: 'score' };
  if (!Number.isSafeInteger(message.seq) || message.seq < 0) return { ok: false, motivo: 'NUMERO', detalhe: 'seq' };
  const { aviario, lado, box, sexo, linha, obs, seq, idade_lote, score } = message;
  return { ok: true, values: { seq, data, hora, aviario, lado, box, sexo, peso_dg, idade_lote, linha, score, obs } };
}
