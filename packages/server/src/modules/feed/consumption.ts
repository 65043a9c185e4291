import { daysBetween, roundHalfAway, type RacaoDia, type RacaoTotais } from '@portal/shared';

/**
 * The arithmetic of getracao (docs/feed-reports.md), apart from any I/O. Each day a silo's
 * consumption is split among the houses it feeds in proportion to their live birds, in whole grams
 * by largest remainder so the parts add up to the silo's total; values are rounded once, for the wire.
 */

export interface FeedingSilo {
  id: number;
  /** Every house the silo feeds (ids). */
  casas: readonly number[];
  /** hg eaten per local day; a day missing from the map has no data. */
  consumoHg: ReadonlyMap<string, number>;
}

/** Another flock of the owner: its birds in the silos' houses take their part of the feed. */
export interface HousedFlock {
  alojamento: string | null;
  encerramento: string | null;
  avesAlojadas: number;
  /** Birds lost each day: deaths + culls + moved out − moved in (daily house records, summed over houses). */
  perdas: readonly { data: string; aves: number }[];
  casas: readonly number[];
}

export interface StandardPoint {
  idade: number;
  peso: number;
  conversao: number | null;
  consumo_acumulado: number | null;
}

export interface ConsumptionInput {
  alojamento: string;
  /** The days to answer (within the flock's life); the totals cover them, the sums start at placement. */
  inicio: string;
  fim: string;
  avesAlojadas: number;
  /** Birds lost each day: deaths + culls + moved out − moved in. */
  perdas: readonly { data: string; aves: number }[];
  casasLote: readonly number[];
  silos: readonly FeedingSilo[];
  /** The owner's other flocks in the silos' houses. */
  vizinhos: readonly HousedFlock[];
  /** The flock's weighings per day: birds and the sum of their weights in decigrams. */
  pesagens: ReadonlyMap<string, { aves: number; somaDg: number }>;
  /** Placement weight, decigrams. */
  pesoAlojamentoDg: number;
  /** The standard's points by age (empty without a standard). */
  padrao: readonly StandardPoint[];
}

const DAY_MS = 86_400_000;

/** The day `offset` days after `day` (YYYY-MM-DD). */
export function addDays(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** An integer over `den`, rounded half away from zero to `decimals` places. */
const rounded = (num: bigint, den: bigint, decimals: number) => {
  const scale = 10n ** BigInt(decimals);
  return Number(roundHalfAway(num * scale, den)) / Number(scale);
};

/**
 * A standard's value at `idade`: the point's own, else the straight line between the nearest
 * points either side that have one; null outside them. `scale` makes the values integers (1000
 * for conversao's 3 decimals, 10 for grams with 1), and the result is rounded to that step.
 */
export function standardValueAt(points: readonly StandardPoint[], idade: number, pick: (point: StandardPoint) => number | null, scale: number): number | null {
  let before: { idade: number; value: number } | undefined;
  for (const point of points) {
    const value = pick(point);
    if (value === null) continue;
    const scaled = Math.round(value * scale);
    if (point.idade === idade) return scaled / scale;
    if (point.idade < idade) before = { idade: point.idade, value: scaled };
    else {
      if (!before) return null;
      const span = BigInt(point.idade - before.idade);
      const num = BigInt(before.value) * span + BigInt(scaled - before.value) * BigInt(idade - before.idade);
      return Number(roundHalfAway(num, span)) / scale;
    }
  }
  return null;
}

export interface ConsumptionResult {
  dias: RacaoDia[];
  totais: RacaoTotais;
}

/**
 * `amount` split in proportion to `weights` (their sum > 0) into integers that add up to it: each
 * part's floor, then one more to the parts with the largest remainders (ties: the earlier part).
 */
export function apportion(amount: bigint, weights: readonly bigint[]): bigint[] {
  if (amount < 0n) return apportion(-amount, weights).map((part) => -part);
  const total = weights.reduce((sum, weight) => sum + weight, 0n);
  const parts = weights.map((weight) => (amount * weight) / total);
  let left = amount - parts.reduce((sum, part) => sum + part, 0n);
  const byRemainder = weights
    .map((weight, index) => ({ index, rest: (amount * weight) % total }))
    .sort((a, b) => (a.rest > b.rest ? -1 : a.rest < b.rest ? 1 : a.index - b.index));
  for (const { index } of byRemainder) {
    if (left === 0n) break;
    parts[index]! += 1n;
    left -= 1n;
  }
  return parts;
}

/** A flock's live birds on increasing days: placed − losses from placement up to and including the day (never below 0). */
function liveBirdsOf(flock: HousedFlock): (day: string) => number {
  const deaths = flock.perdas.filter((entry) => flock.alojamento !== null && entry.data >= flock.alojamento).sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0));
  let next = 0;
  let live = flock.avesAlojadas;
  return (day) => {
    while (next < deaths.length && deaths[next]!.data <= day) live -= deaths[next++]!.aves;
    return Math.max(0, live);
  };
}

export function feedConsumption(input: ConsumptionInput): ConsumptionResult {
  const { silos, casasLote } = input;
  const flockHouses = new Set(casasLote);
  // Birds are counted times birdScale, the least common multiple of the flocks' house counts, so a flock's
  // birds spread evenly over its houses stay whole numbers.
  const houseCounts = [casasLote.length, ...input.vizinhos.map((flock) => flock.casas.length)].filter((count) => count > 0);
  const birdScale = houseCounts.reduce((lcm, count) => (lcm * BigInt(count)) / gcd(lcm, BigInt(count)), 1n);
  const neighbours = input.vizinhos.map((flock) => ({ flock, live: liveBirdsOf(flock) }));
  // Feed in grams from here on.
  const kg = (grams: bigint) => rounded(grams, 1000n, 1);

  const deaths = new Map<string, number>();
  for (const entry of input.perdas) deaths.set(entry.data, (deaths.get(entry.data) ?? 0) + entry.aves);

  const dias: RacaoDia[] = [];
  const siloTotals = silos.map(() => ({ hg: 0n, parte: 0n, semAves: 0n, seen: false }));
  const houseTotals = casasLote.map(() => ({ grams: 0n, seen: false }));
  let periodGrams = 0n;
  let periodSeen = false;
  let completeGrams = 0n;
  let completeBirdDays = 0n;
  let acumulado = 0n;
  let acumuladoSeen = false;
  let acumuladoCompleto = true;
  let avesVivas = input.avesAlojadas;

  const days = daysBetween(input.alojamento, input.fim);
  for (let offset = 0; offset <= days; offset += 1) {
    const data = addDays(input.alojamento, offset);
    avesVivas -= deaths.get(data) ?? 0;
    // Birds (× birdScale) in each house today: this flock's and every other flock's housed today.
    const birdsIn = new Map<number, bigint>();
    const lodge = (casas: readonly number[], live: number) => {
      if (casas.length === 0) return;
      const perHouse = (BigInt(Math.max(0, live)) * birdScale) / BigInt(casas.length);
      for (const casa of casas) birdsIn.set(casa, (birdsIn.get(casa) ?? 0n) + perHouse);
    };
    lodge(casasLote, avesVivas);
    for (const { flock, live } of neighbours) {
      const housed = flock.alojamento !== null && flock.alojamento <= data && (flock.encerramento === null || flock.encerramento >= data);
      if (housed) lodge(flock.casas, live(data));
    }
    const flockPerHouse = casasLote.length === 0 ? 0n : (BigInt(Math.max(0, avesVivas)) * birdScale) / BigInt(casasLote.length);

    const consumo = silos.map((silo) => silo.consumoHg.get(data));
    const known = consumo.filter((value) => value !== undefined).length;
    const completo = silos.length > 0 && known === silos.length;
    let dayGrams = 0n;
    const houseGrams = casasLote.map(() => ({ grams: 0n, seen: false }));
    // Per silo with data: the flock's part and the part no bird was there to eat.
    const parts = consumo.map((hg, index) => {
      if (hg === undefined) return undefined;
      const silo = silos[index]!;
      const grams = BigInt(hg) * 100n;
      const own = silo.casas.filter((casa) => flockHouses.has(casa));
      const birds = silo.casas.reduce((sum, casa) => sum + (birdsIn.get(casa) ?? 0n), 0n);
      for (const casa of own) houseGrams[casasLote.indexOf(casa)]!.seen = true;
      if (birds === 0n) return { parte: 0n, semAves: grams };
      const weights = own.map(() => flockPerHouse);
      const shares = apportion(grams, [...weights, birds - weights.reduce((sum, weight) => sum + weight, 0n)]);
      let parte = 0n;
      own.forEach((casa, position) => {
        houseGrams[casasLote.indexOf(casa)]!.grams += shares[position]!;
        parte += shares[position]!;
      });
      dayGrams += parte;
      return { parte, semAves: 0n };
    });
    acumulado += dayGrams;
    acumuladoSeen ||= known > 0;
    acumuladoCompleto &&= completo;
    if (data < input.inicio) continue;

    const aves = BigInt(avesVivas);
    consumo.forEach((hg, index) => {
      if (hg === undefined) return;
      const total = siloTotals[index]!;
      total.hg += BigInt(hg);
      total.parte += parts[index]!.parte;
      total.semAves += parts[index]!.semAves;
      total.seen = true;
    });
    houseGrams.forEach((house, index) => {
      if (!house.seen) return;
      houseTotals[index]!.grams += house.grams;
      houseTotals[index]!.seen = true;
    });
    if (known > 0) {
      periodGrams += dayGrams;
      periodSeen = true;
    }
    if (completo && aves > 0n) {
      completeGrams += dayGrams;
      completeBirdDays += aves;
    }

    const idade = offset;
    const pesagem = input.pesagens.get(data);
    const pesoMedioDg = pesagem && pesagem.aves > 0 ? roundHalfAway(BigInt(pesagem.somaDg), BigInt(pesagem.aves)) : null;
    const ganhoDg = pesoMedioDg === null ? null : aves * (pesoMedioDg - BigInt(input.pesoAlojamentoDg));
    // kg / kg = grams × 10 / decigrams.
    const conversao = ganhoDg !== null && ganhoDg > 0n && acumuladoSeen ? rounded(acumulado * 10n, ganhoDg, 3) : null;
    dias.push({
      data,
      idade,
      aves_vivas: avesVivas,
      consumo_kg: known > 0 ? kg(dayGrams) : null,
      completo,
      silos: silos.map((silo, index) => {
        const hg = consumo[index];
        const part = parts[index];
        if (hg === undefined || part === undefined) return { id: silo.id, consumo_kg: null, parte_kg: null, sem_aves_kg: null };
        return { id: silo.id, consumo_kg: hg / 10, parte_kg: kg(part.parte), sem_aves_kg: kg(part.semAves) };
      }),
      aviarios: casasLote.map((id, index) => ({ id, consumo_kg: houseGrams[index]!.seen ? kg(houseGrams[index]!.grams) : null })),
      acumulado_kg: kg(acumulado),
      acumulado_completo: acumuladoCompleto,
      g_ave_dia: completo && aves > 0n ? rounded(dayGrams, aves, 1) : null,
      consumo_acumulado_g_ave: acumuladoSeen && aves > 0n ? rounded(acumulado, aves, 1) : null,
      consumo_acumulado_padrao_g: standardValueAt(input.padrao, idade, (point) => point.consumo_acumulado, 10),
      peso_medio_g: pesoMedioDg === null ? null : Number(pesoMedioDg) / 10,
      aves_pesadas: pesagem?.aves ?? 0,
      // decigrams → kg (÷ 10 000), 1 decimal.
      ganho_kg: ganhoDg === null ? null : rounded(ganhoDg, 10_000n, 1),
      conversao,
      conversao_padrao: standardValueAt(input.padrao, idade, (point) => point.conversao, 1000),
    });
  }

  const last = dias.at(-1);
  const lastFcr = [...dias].reverse().find((dia) => dia.conversao !== null);
  return {
    dias,
    totais: {
      consumo_kg: periodSeen ? kg(periodGrams) : null,
      dias: dias.length,
      dias_sem_dados: dias.filter((dia) => dia.consumo_kg === null).length,
      dias_incompletos: dias.filter((dia) => dia.consumo_kg !== null && !dia.completo).length,
      completo: dias.length > 0 && dias.every((dia) => dia.completo),
      silos: silos.map((silo, index) => {
        const total = siloTotals[index]!;
        if (!total.seen) return { id: silo.id, consumo_kg: null, parte_kg: null, sem_aves_kg: null };
        return { id: silo.id, consumo_kg: Number(total.hg) / 10, parte_kg: kg(total.parte), sem_aves_kg: kg(total.semAves) };
      }),
      aviarios: casasLote.map((id, index) => ({ id, consumo_kg: houseTotals[index]!.seen ? kg(houseTotals[index]!.grams) : null })),
      g_ave_dia: completeBirdDays > 0n ? rounded(completeGrams, completeBirdDays, 1) : null,
      acumulado_kg: last ? last.acumulado_kg : null,
      acumulado_completo: last ? last.acumulado_completo : false,
      conversao: lastFcr?.conversao ?? null,
      conversao_padrao: lastFcr?.conversao_padrao ?? null,
    },
  };
}
