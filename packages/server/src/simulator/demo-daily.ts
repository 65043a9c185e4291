import { createHash } from 'node:crypto';
import { daysBetween, localDate, placedInHouse, registerDiarioBody, type Lote, type Padrao } from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import { demoDayRecord } from '../demo/daily-records.js';
import { demoAddDays, seededRandom } from '../demo/weighings.js';
import type { DailyTotals } from '../modules/flocks/index.js';
import type { OwnerScope } from '../modules/permissions/index.js';
import type { Services } from '../modules/services.js';

/**
 * The running demo's daily house records (issue 19): as a grower does each morning, every house of
 * each active demo flock gets the record of each day that ended since its latest one, with the
 * seeding's curve (demo/daily-records.ts). One day in each week of days is a bad day (the heat
 * wave, 0.6–0.9 % lost) in one house, so the mortality alarm shows now and then. Written through
 * the flocks service's registerdiario with a uid derived from flock, house and day: a second run,
 * a restart or a second instance writes nothing twice.
 */

/** How often the demo looks for a day that ended (a new local day shows within this). */
export const DEMO_DAILY_EVERY_MS = 10 * 60_000;
/** One bad day in each block of this many days. */
export const DEMO_BAD_DAY_EVERY = 7;

const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/**
 * The house among `houses` that has a bad day on `date`, or null: in each block of
 * DEMO_BAD_DAY_EVERY days one day and one house, both drawn from a random seeded by the block.
 */
export function demoBadHouse<T>(date: string, houses: readonly T[]): T | null {
  if (houses.length === 0) return null;
  const day = dayNumber(date);
  const random = seededRandom(0xbad0 + Math.floor(day / DEMO_BAD_DAY_EVERY));
  const slot = Math.floor(random() * DEMO_BAD_DAY_EVERY);
  const house = houses[Math.floor(random() * houses.length)]!;
  return day % DEMO_BAD_DAY_EVERY === slot ? house : null;
}

/** A UUID derived from the owner, flock, house and day: the same record always carries the same uid. */
function recordDigest(ownerId: number, loteId: number, aviarioId: number, date: string): { uid: string; seed: number } {
  const hex = createHash('sha256').update(`demo-diario:${ownerId}:${loteId}:${aviarioId}:${date}`).digest('hex');
  const uid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return { uid, seed: Number.parseInt(hex.slice(32, 40), 16) };
}

/** A house of a growing demo flock, with the days its standard covers. */
interface KeptHouse {
  lote: Lote;
  padrao: Padrao;
  aviarioId: number;
  index: number;
  lastIdade: number;
}

/** Birds that left the house on a recorded day: deaths, culls and moves out less moves in. */
const birdsOut = (day: DailyTotals) => day.mortos + day.eliminados + day.saidas - day.entradas;

export interface DemoDailyDeps {
  services: Services;
  owner: { id: number; timezone: number };
  clock: () => number;
  log: FastifyBaseLogger;
  everyMs?: number;
}

/** The writer of the demo's daily records: runOnce (tests drive it on simulated time), start, stop. */
export function createDemoDailyRecords(deps: DemoDailyDeps) {
  const { services, owner, clock, log, everyMs = DEMO_DAILY_EVERY_MS } = deps;
  const scope: OwnerScope = { ownerId: owner.id, actorId: owner.id, nivel: 'proprietario', nucleos: null };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  /** Houses of active flocks on growing farms (not a hatchery's) whose standard still covers `yesterday`. */
  async function keptHouses(yesterday: string): Promise<KeptHouse[]> {
    const hatcheries = new Set((await services.farms.list(scope)).filter((farm) => farm.tipo === 'incubatorio').map((farm) => farm.id));
    const padroes = new Map((await services.standards.list(scope)).map((padrao) => [padrao.id, padrao]));
    const houses: KeptHouse[] = [];
    for (const lote of await services.flocks.list(scope)) {
      const padrao = lote.padrao_id === null ? undefined : padroes.get(lote.padrao_id);
      if (lote.situacao !== 'ativo' || lote.data_alojamento === null || hatcheries.has(lote.nucleo_id) || !padrao || padrao.pontos.length === 0) continue;
      const lastIdade = Math.max(...padrao.pontos.map((ponto) => ponto.idade));
      if (daysBetween(lote.data_alojamento, yesterday) > lastIdade) continue;
      lote.aviarios.forEach((house, index) => houses.push({ lote, padrao, aviarioId: house.id, index, lastIdade }));
    }
    return houses;
  }

  const ageOn = (house: KeptHouse, date: string) => daysBetween(house.lote.data_alojamento!, date);
  const coversDay = (house: KeptHouse, date: string) => ageOn(house, date) >= 1 && ageOn(house, date) <= house.lastIdade;

  /** The house's missing days up to `yesterday`, in order; stops at the first failure (the next run tries again). */
  async function keepHouse(house: KeptHouse, all: readonly KeptHouse[], records: readonly DailyTotals[], yesterday: string): Promise<number> {
    const own = records.filter((day) => day.aviario_id === house.aviarioId);
    let alive = placedInHouse(house.lote.aves_alojadas, house.lote.aviarios.length, house.index) - own.reduce((sum, day) => sum + birdsOut(day), 0);
    const latest = own.reduce((max, day) => (day.data > max ? day.data : max), house.lote.data_alojamento!);
    let written = 0;
    for (let date = demoAddDays(latest, 1); date <= yesterday && coversDay(house, date); date = demoAddDays(date, 1)) {
      const bad = demoBadHouse(date, all.filter((other) => coversDay(other, date))) === house;
      const { uid, seed } = recordDigest(owner.id, house.lote.id, house.aviarioId, date);
      const { body, losses } = demoDayRecord(house.lote, house.padrao, house.aviarioId, ageOn(house, date), alive, bad, seededRandom(seed));
      try {
        await services.flocks.daily.register(scope, registerDiarioBody.parse({ ...body, uid }));
      } catch (error) {
        log.error({ err: error, lote_id: house.lote.id, aviario_id: house.aviarioId, data: date }, 'demo: a daily house record could not be written; the next run tries again');
        break;
      }
      alive -= losses;
      written += 1;
    }
    return written;
  }

  /** Writes every missing day up to the owner's yesterday at `now`; answers how many records. */
  async function writeDays(now: number): Promise<number> {
    const yesterday = demoAddDays(localDate(now, owner.timezone), -1);
    const houses = await keptHouses(yesterday);
    const records = new Map<number, DailyTotals[]>();
    let written = 0;
    for (const house of houses) {
      if (!records.has(house.lote.id)) records.set(house.lote.id, await services.flocks.dailyOf(owner.id, house.lote.id));
      written += await keepHouse(house, houses, records.get(house.lote.id)!, yesterday);
    }
    if (written > 0) log.info({ written }, `demo: ${written} daily house records entered up to ${yesterday}`);
    return written;
  }

  const writer = {
    /** One pass at `now` (one at a time: a pass still running is waited for, not doubled). */
    async runOnce(now = clock()): Promise<number> {
      if (running) await running.catch(() => 0);
      const pass = writeDays(now);
      running = pass;
      try {
        return await pass;
      } finally {
        if (running === pass) running = undefined;
      }
    },

    /** A pass now (the days missed while the portal was off), then one every `everyMs`. */
    start(): void {
      if (timer) return;
      const run = () => void writer.runOnce().catch((error: unknown) => log.error({ err: error }, 'demo: the daily house records could not be read or written; the next run tries again'));
      run();
      timer = setInterval(run, everyMs);
      timer.unref();
    },

    /** Stops the timer and waits for a pass in progress. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => 0);
    },
  };
  return writer;
}
