import type { registerDiarioBody } from '@portal/shared';
import type { z } from 'zod';
import type { CausaAves, DiarioDetails, DiarioValues } from './diario.repository.js';

/** One changed field of a daily record, as its history shows it (values as text; null for none). */
export type Campo = { campo: string; antes: string | null; depois: string | null };

/** Decimal fields are stored in tenths: exact on both databases. */
const toTenths = (value: number | null) => (value === null ? null : Math.round(value * 10));
const fromTenths = (value: number | string | null) => (value === null ? null : String(Number(value) / 10));

/** The stored values of a daily record's body. */
export function toValues(body: z.output<typeof registerDiarioBody>, causas: CausaAves[]): DiarioValues {
  return {
    mortos: causas.reduce((sum, entry) => sum + entry.aves, 0),
    eliminados: body.eliminados,
    entradas: body.entradas,
    saidas: body.saidas,
    agua_dl: toTenths(body.agua_l),
    temp_min_dc: toTenths(body.temp_min),
    temp_max_dc: toTenths(body.temp_max),
    obs: body.obs,
  };
}

/** Deaths by cause as one text, causes in code order: 'ascite: 2, outras: 1'. */
const causesText = (causas: readonly CausaAves[]) =>
  [...causas].sort((a, b) => (a.causa < b.causa ? -1 : a.causa > b.causa ? 1 : 0)).map((entry) => `${entry.causa}: ${entry.aves}`).join(', ');

/** The fields a write changes, by their wire names, in the form's order. */
export function changedFields(current: DiarioDetails, next: DiarioValues, causas: readonly CausaAves[]): Campo[] {
  const text = (value: number | string | null) => (value === null ? null : String(value));
  const pairs: [string, string | null, string | null][] = [
    ['mortalidade', causesText(current.mortalidade), causesText(causas)],
    ['eliminados', text(current.eliminados), text(next.eliminados)],
    ['entradas', text(current.entradas), text(next.entradas)],
    ['saidas', text(current.saidas), text(next.saidas)],
    ['agua_l', fromTenths(current.agua_dl), fromTenths(next.agua_dl)],
    ['temp_min', fromTenths(current.temp_min_dc), fromTenths(next.temp_min_dc)],
    ['temp_max', fromTenths(current.temp_max_dc), fromTenths(next.temp_max_dc)],
    ['obs', current.obs, next.obs],
  ];
  return pairs.filter(([, antes, depois]) => antes !== depois).map(([campo, antes, depois]) => ({ campo, antes, depois }));
}
