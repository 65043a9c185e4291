import { setImmediate as eventLoopTurn } from 'node:timers/promises';
import { localMidnight, type Lote, type Silo, type SiloFim, type SiloFimResponse } from '@portal/shared';
import { AppError } from '../../http/errors.js';
import type { AccountReads } from '../accounts/index.js';
import type { FarmsService } from '../farms/index.js';
import type { FlocksService } from '../flocks/index.js';
import { reachesFarm, type OwnerScope } from '../permissions/index.js';
import type { SiloReadingsService, SilosService } from '../silos/index.js';
import type { StandardsService } from '../standards/index.js';
import { CONSUMPTION_EDGE_MS, CONSUMPTION_LEAD_MS, CONSUMPTION_WINDOW_MS, consumptionRate, expectedEmptyAt, expectedRate, type EatingFlock } from './runout.js';

const HOUR_MS = 3_600_000;
const round1 = (value: number) => Math.round(value * 10) / 10;

export interface RunOutDeps {
  farms: Pick<FarmsService, 'houseIdsOf'>;
  flocks: Pick<FlocksService, 'list'>;
  silos: Pick<SilosService, 'list'>;
  siloReadings: Pick<SiloReadingsService, 'scaleReadings' | 'latestLevel'>;
  standards: Pick<StandardsService, 'get'>;
  accounts: Pick<AccountReads, 'timezoneOf'>;
  clock: () => number;
}

/**
 * Each silo with a scale: its balance, recent consumption, the flocks' expected intake and the
 * cautious "empty by" (getsilofim, and the silo_fim alarm rule). Arithmetic in runout.ts.
 */
export function siloRunOut(deps: RunOutDeps) {
  const { farms, flocks, silos, siloReadings, standards, accounts, clock } = deps;

  /** The active flocks' eating per silo: a flock's live birds spread evenly over its houses, a house's evenly over the silos serving it. */
  async function eatersOf(scope: OwnerScope, all: readonly Silo[], timezone: number): Promise<Map<number, EatingFlock[]>> {
    const silosOfHouse = new Map<number, number[]>();
    for (const silo of all) for (const house of silo.aviarios) silosOfHouse.set(house.id, [...(silosOfHouse.get(house.id) ?? []), silo.id]);
    const curves = new Map<number, EatingFlock['curve']>();
    const eaters = new Map<number, EatingFlock[]>();
    for (const lote of (await flocks.list(scope)).filter(isEating)) {
      const curve = await curveOf(scope, lote.padrao_id!, curves);
      if (curve.length === 0) continue;
      const share = new Map<number, number>();
      for (const house of lote.aviarios) {
        const serving = silosOfHouse.get(house.id) ?? [];
        for (const siloId of serving) share.set(siloId, (share.get(siloId) ?? 0) + 1 / (lote.aviarios.length * serving.length));
      }
      const placedAt = localMidnight(lote.data_alojamento!, timezone);
      for (const [siloId, part] of share) eaters.set(siloId, [...(eaters.get(siloId) ?? []), { placedAt, birds: lote.aves_atuais * part, curve }]);
    }
    return eaters;
  }

  async function curveOf(scope: OwnerScope, padraoId: number, known: Map<number, EatingFlock['curve']>): Promise<EatingFlock['curve']> {
    const cached = known.get(padraoId);
    if (cached) return cached;
    const padrao = await standards.get(scope, padraoId);
    const curve = padrao.pontos.filter((ponto) => ponto.consumo_acumulado !== null).map((ponto) => ({ idade: ponto.idade, gramas: ponto.consumo_acumulado! }));
    known.set(padraoId, curve);
    return curve;
  }

  async function runOutOf(ownerId: number, silo: Silo, eaters: readonly EatingFlock[], now: number): Promise<SiloFim> {
    const head = { silo_id: silo.id, nome: silo.nome, nucleo_id: silo.nucleo_id, nucleo_nome: silo.nucleo_nome };
    const level = await siloReadings.latestLevel(ownerId, silo.device_id!);
    const esperado = eaters.length > 0 ? expectedRate(eaters, level?.em ?? now) : null;
    if (!level) return { ...head, saldo_kg: null, lido_em: null, consumo_kg_h: null, esperado_kg_h: esperado === null ? null : round1(esperado), vazio_em: null, horas: null, base: null };
    const samples = await siloReadings.scaleReadings(ownerId, silo.device_id!, level.em - CONSUMPTION_WINDOW_MS - CONSUMPTION_EDGE_MS - CONSUMPTION_LEAD_MS, level.em + 1);
    const consumo = consumptionRate(samples, level.em, { capacidadeKg: silo.capacidade_kg });
    // Projected from the reading, not from now: a scale read an hour ago has an hour less left.
    const byConsumption = consumo !== null && consumo > 0 ? level.em + (level.kg / consumo) * HOUR_MS : null;
    const byExpected = expectedEmptyAt(eaters, level.em, level.kg);
    const base = byConsumption === null ? (byExpected === null ? null : 'esperado') : byExpected !== null && byExpected < byConsumption ? 'esperado' : 'consumo';
    const vazio = base === 'consumo' ? byConsumption : base === 'esperado' ? byExpected : null;
    return {
      ...head,
      saldo_kg: level.kg,
      lido_em: new Date(level.em).toISOString(),
      consumo_kg_h: consumo === null ? null : round1(consumo),
      esperado_kg_h: esperado === null ? null : round1(esperado),
      vazio_em: vazio === null ? null : new Date(vazio).toISOString(),
      horas: vazio === null ? null : round1((vazio - now) / HOUR_MS),
      base,
    };
  }

  return {
    /**
     * getsilofim: every silo with a scale the caller reaches (on one farm with nucleo_id: the
     * owner's farm within the caller's reach, else NOT_FOUND), soonest empty first.
     */
    async silofim(scope: OwnerScope, query: { nucleo_id?: number }): Promise<SiloFimResponse> {
      if (query.nucleo_id !== undefined && (!reachesFarm(scope, query.nucleo_id) || !(await farms.houseIdsOf(scope.ownerId, query.nucleo_id)))) throw new AppError('NOT_FOUND');
      const now = clock();
      const timezone = await accounts.timezoneOf(scope.ownerId);
      const all = await silos.list(scope);
      const eaters = await eatersOf(scope, all, timezone);
      const answers: SiloFim[] = [];
      for (const silo of all) {
        if (silo.device_id === null || (query.nucleo_id !== undefined && silo.nucleo_id !== query.nucleo_id)) continue;
        // A day of a scale's readings per silo, read synchronously on SQLite: other calls go between silos.
        await eventLoopTurn();
        answers.push(await runOutOf(scope.ownerId, silo, eaters.get(silo.id) ?? [], now));
      }
      return { silos: answers.sort(soonestFirst) };
    },
  };
}
export type SiloRunOut = ReturnType<typeof siloRunOut>;

/** A flock eating now or placed to eat: not closed, with a placement date and a standard. */
const isEating = (lote: Lote) => lote.situacao === 'ativo' && lote.data_alojamento !== null && lote.padrao_id !== null && lote.aves_atuais > 0;

/** Soonest "empty by" first, then those without one, by farm and name. */
function soonestFirst(a: SiloFim, b: SiloFim): number {
  if (a.horas !== null && b.horas !== null && a.horas !== b.horas) return a.horas - b.horas;
  if ((a.horas === null) !== (b.horas === null)) return a.horas === null ? 1 : -1;
  return a.nucleo_nome.localeCompare(b.nucleo_nome, 'pt-BR') || a.nome.localeCompare(b.nome, 'pt-BR', { numeric: true }) || a.silo_id - b.silo_id;
}
