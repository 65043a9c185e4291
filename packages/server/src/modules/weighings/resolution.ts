/**
 * The one rule that finds the farm and flock a weighing names (docs/data-model.md, "Which farm and
 * flock a weighing lands on"), for a file's rows and a device's records alike:
 * - the farm by its name or code among ALL the owner's farms: the same text but for case first;
 *   only when none is, the same text with accents ignored too. Two or more farms named so: the
 *   weighing is refused as ambiguous (NUCLEO_AMBIGUOUS); none: NUCLEO_NOT_FOUND.
 * - the flock by its code on that farm, matched the same way; several flocks of that code (a code
 *   used again for a later placement): the one whose placement period holds the weighing's date
 *   (the latest placed when periods overlap), else the open one (the newest), else the newest.
 */

export interface FarmKeys {
  id: number;
  nome: string;
  codigo: string;
}

export interface FlockKeys {
  id: number;
  codigo: string;
  /** Placement day (YYYY-MM-DD), null while unknown. */
  data_alojamento: string | null;
  /** Closing day, null while open. */
  data_encerramento: string | null;
}

/** Case-insensitive, then also accent-insensitive: how a weighing's farm or flock text meets a record's. */
const lower = (value: string) => value.toLocaleLowerCase('pt-BR');
/** A text without case or accents: two texts naming the same record the loose way have the same one. */
export const looseKey = (value: string) => lower(value).normalize('NFD').replace(/\p{M}/gu, '');

/** Records by their texts (a farm's name and code, a flock's code), each record once per text. */
export function textIndex<T>(keys: (item: T) => string[]) {
  const exact = new Map<string, T[]>();
  const loose = new Map<string, T[]>();
  const put = (map: Map<string, T[]>, key: string, item: T) => {
    const list = map.get(key);
    if (!list) map.set(key, [item]);
    else if (list.at(-1) !== item) list.push(item);
  };
  return {
    add(item: T): void {
      for (const key of keys(item)) {
        if (key === '') continue;
        put(exact, lower(key), item);
        put(loose, looseKey(key), item);
      }
    },
    /** Every record of the same text but for case; when there is none, every one also ignoring accents. */
    find(text: string): readonly T[] {
      return exact.get(lower(text)) ?? loose.get(looseKey(text)) ?? [];
    },
  };
}

export type FarmMatch<F> = F | 'NUCLEO_NOT_FOUND' | 'NUCLEO_AMBIGUOUS';

/** The one farm `found` holds (textIndex.find of a farm text), or why there is none. */
export function oneFarm<F extends FarmKeys>(found: readonly F[]): FarmMatch<F> {
  if (found.length === 0) return 'NUCLEO_NOT_FOUND';
  return found.length === 1 ? found[0]! : 'NUCLEO_AMBIGUOUS';
}

/** The farm the text names among the owner's farms (their name and code), or why there is none. */
export function farmNamed<F extends FarmKeys>(farms: readonly F[], text: string): FarmMatch<F> {
  if (text === '') return 'NUCLEO_NOT_FOUND';
  const index = textIndex<F>((farm) => [farm.nome, farm.codigo]);
  for (const farm of farms) index.add(farm);
  return oneFarm(index.find(text));
}

/**
 * The flocks of one code among `found` (textIndex.find of a flock text on one farm): several only
 * when they carry the same code; texts that meet different codes only once accents are ignored
 * name none of them.
 */
export function sameCode<F extends FlockKeys>(found: readonly F[]): readonly F[] {
  if (found.length < 2) return found;
  const code = lower(found[0]!.codigo);
  return found.every((flock) => lower(flock.codigo) === code) ? found : [];
}

const placedOn = (flock: FlockKeys, data: string) =>
  flock.data_alojamento !== null && flock.data_alojamento <= data && (flock.data_encerramento === null || data <= flock.data_encerramento);

/** Which of a farm's flocks of one code a weighing of `data` (YYYY-MM-DD) belongs to; undefined when there is none. */
export function chooseFlock<F extends FlockKeys>(candidates: readonly F[], data: string): F | undefined {
  if (candidates.length < 2) return candidates[0];
  let placed: F | undefined;
  let open: F | undefined;
  let newest: F | undefined;
  for (const flock of candidates) {
    if (!newest || flock.id > newest.id) newest = flock;
    if (flock.data_encerramento === null && (!open || flock.id > open.id)) open = flock;
    if (!placedOn(flock, data)) continue;
    const later = !placed || flock.data_alojamento! > placed.data_alojamento! || (flock.data_alojamento === placed.data_alojamento && flock.id > placed.id);
    if (later) placed = flock;
  }
  return placed ?? open ?? newest;
}

/** The flock of a farm's flocks the code and date name (the whole rule above), or undefined. */
export function flockCoded<F extends FlockKeys>(flocks: readonly F[], codigo: string, data: string): F | undefined {
  if (codigo === '') return undefined;
  const index = textIndex<F>((flock) => [flock.codigo]);
  for (const flock of flocks) index.add(flock);
  return chooseFlock(sameCode(index.find(codigo)), data);
}
