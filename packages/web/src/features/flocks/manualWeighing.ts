import { PESAGEM_MANUAL_MAX_AVES, PESO_MAX_G, type Lote, type SexoPesagemManual } from '@portal/shared';

/**
 * A weight as typed in the shed ("1520", "1.520,5", "1520.5" or "1,5 kg"-free grams): grams with one
 * decimal, or null when it is not a weight the server would take.
 */
export function parseWeight(text: string): number | null {
  const compact = text.trim().replace(/\s/g, '');
  if (!/^\d+([.,]\d+)?$/.test(compact)) return null;
  const grams = Number(compact.replace(',', '.'));
  const tenths = Math.round(grams * 10) / 10;
  if (!Number.isFinite(grams) || tenths <= 0 || tenths > PESO_MAX_G) return null;
  return tenths;
}

/** Birds and mean weight (g, 1 decimal, as the server computes it: Σ tenths / birds) of the weights typed so far. */
export function weightSummary(pesos: readonly number[]): { aves: number; media: number | null } {
  if (pesos.length === 0) return { aves: 0, media: null };
  const tenths = pesos.reduce((sum, peso) => sum + Math.round(peso * 10), 0);
  return { aves: pesos.length, media: Math.round(tenths / pesos.length) / 10 };
}

export const canAddWeight = (pesos: readonly number[]) => pesos.length < PESAGEM_MANUAL_MAX_AVES;

/** The sex a weighing of this flock most likely has: the only one placed, else mixed. */
export function defaultSexo(lote: Pick<Lote, 'aves_macho' | 'aves_femea' | 'aves_misto'>): SexoPesagemManual {
  const placed = (['macho', 'femea', 'misto'] as const).filter((sexo) => lote[`aves_${sexo}`] > 0);
  return placed.length === 1 ? placed[0]! : 'misto';
}
