import { GRADER_CATEGORIES, type LiveReading, type MsgSel, type SelCategoria } from '@portal/shared';
import { BIRD_COLOURS, birdLevel } from '../reports/statFields';

/** Spec section 4: a box whose bird count changed shows as changed this long. */
export const FLASH_MS = 100;
/** Spec section 4: the side indicator goes back to 'whole' this long after the last bird. */
export const SIDE_RESET_MS = 1000;

export const isSel = (reading: LiveReading): reading is MsgSel => reading.tipo === 'SEL';

/**
 * A category box's name: the grader's own description, else the section 9 category of its box
 * index (1 = Limit 1 … 7 = Super heavy, as gettotaisselauto numbers them), else null (the screen
 * then shows 'Box n').
 */
export function categoryName(entry: Pick<SelCategoria, 'box' | 'descricao'>): string | null {
  const own = entry.descricao.trim();
  if (own) return own;
  return GRADER_CATEGORIES[entry.box - 1] ?? null;
}

/**
 * The boxes whose bird count differs from the previous reading's box of the same index. The
 * first reading changes nothing (there is nothing to compare with); a box that appears with
 * birds counts as changed.
 */
export function changedBoxes(previous: readonly SelCategoria[] | null, next: readonly SelCategoria[]): number[] {
  if (previous === null) return [];
  const before = new Map(previous.map((entry) => [entry.box, entry.aves]));
  return next.filter((entry) => (before.get(entry.box) ?? 0) !== entry.aves).map((entry) => entry.box);
}

/**
 * Where the last birds went: the boxes whose count grew since the previous reading (usually one).
 * Empty when none grew (a new selection, or the same counts): the indicator shows 'whole'.
 */
export function sideOf(previous: readonly SelCategoria[] | null, next: readonly SelCategoria[]): number[] {
  if (previous === null) return [];
  const before = new Map(previous.map((entry) => [entry.box, entry.aves]));
  return next.filter((entry) => entry.aves > (before.get(entry.box) ?? 0)).map((entry) => entry.box);
}

/** The bird bar's colour: the weight report's (section 9), changing above 40 and above 80 birds. */
export const birdBarColour = (aves: number): string => BIRD_COLOURS[birdLevel(aves)];

/** The bar's length in percent of the fullest box, so the boxes compare at a glance (0 when all are empty). */
export function birdBarWidth(aves: number, categorias: readonly SelCategoria[]): number {
  const most = Math.max(0, ...categorias.map((entry) => entry.aves));
  if (most <= 0 || aves <= 0) return 0;
  return Math.min(100, (aves / most) * 100);
}
