import { daysBetween, PESO_ALOJAMENTO_PADRAO_G, localMidnight, siloDays, type RacaoResponse, type RacaoSilo, localDate } from '@portal/shared';
import { AppError } from '../../http/errors.js';
import type { AccountReads } from '../accounts/index.js';
import type { FarmsService } from '../farms/index.js';
import type { FlocksService } from '../flocks/index.js';
import type { OwnerScope } from '../permissions/index.js';
import type { SiloMovementsService, SiloReadingsService, SilosService } from '../silos/index.js';
import type { StandardsService } from '../standards/index.js';
import { addDays, feedConsumption, type FeedingSilo } from './consumption.js';
import type { FeedRepository } from './feed.repository.js';
import { siloRunOut } from './runout.service.js';

const DAY_MS = 86_400_000;

/**
 * The feed consumption report of a flock (getracao): formulas in docs/feed-reports.md; and the
 * silos' cautious "empty by" (getsilofim, runout.service.ts): docs/alarms.md.
 */
export function feedService(deps: {
  feed: FeedRepository;
  farms: Pick<FarmsService, 'houseIdsOf'>;
  flocks: Pick<FlocksService, 'get' | 'list' | 'dailyOf'>;
  silos: Pick<SilosService, 'ofFarm' | 'list'>;
  siloReadings: Pick<SiloReadingsService, 'scaleReadings' | 'latestLevel'>;
  siloMovements: Pick<SiloMovementsService, 'consumptionPerDay'>;
  standards: Pick<StandardsService, 'get'>;
  accounts: Pick<AccountReads, 'timezoneOf'>;
  clock: () => number;
}) {
  const { feed, flocks, silos, siloReadings, siloMovements, standards, accounts, clock } = deps;
  const runOut = siloRunOut(deps);

  /** Birds a flock lost each day (deaths + culls + moved out − moved in, over its houses), from its daily records. */
  async function lossesOf(ownerId: number, loteId: number): Promise<{ data: string; aves: number }[]> {
    const perDay = new Map<string, number>();
    for (const day of await flocks.dailyOf(ownerId, loteId)) {
      perDay.set(day.data, (perDay.get(day.data) ?? 0) + day.mortos + day.eliminados + day.saidas - day.entradas);
    }
    return [...perDay].map(([data, aves]) => ({ data, aves }));
  }

  /** hg eaten per day by one silo over [di, df]: from its scale's series, else from its consumption movements. */
  async function dailyConsumption(ownerId: number, silo: { id: number; device_id: number | null; capacidade_hg: number }, di: string, df: string, timezone: number, movements: Map<number, Map<string, number>>) {
    if (silo.device_id === null) return movements.get(silo.id) ?? new Map<string, number>();
    // A day of readings either side, so the levels at the range's edges are known.
    const from = localMidnight(di, timezone) - DAY_MS;
    const to = localMidnight(df, timezone) + 2 * DAY_MS;
    const samples = await siloReadings.scaleReadings(ownerId, silo.device_id, from, to);
    const days = siloDays(samples, { di, df }, timezone, { capacidadeKg: silo.capacidade_hg / 10 });
    return new Map(days.filter((day) => day.consumo_kg !== null).map((day) => [day.data, Math.round(day.consumo_kg! * 10)]));
  }

  return {
    silofim: runOut.silofim,

    async racao(scope: OwnerScope, query: { id: number; di: string; df: string }): Promise<RacaoResponse> {
      const lote = await flocks.get(scope, query.id);
      if (lote.data_alojamento === null) throw AppError.field('id', 'FLOCK_DATE_MISSING');
      const timezone = await accounts.timezoneOf(scope.ownerId);
      const alojamento = lote.data_alojamento;
      // The flock's life: placement to closing, or to the owner's today while it is active.
      const lastDay = lote.data_encerramento ?? localDate(clock(), timezone);
      const inicio = query.di > alojamento ? query.di : alojamento;
      const fim = query.df < lastDay ? query.df : lastDay;
      const lived = inicio <= fim;

      const houses = new Set(lote.aviarios.map((house) => house.id));
      const feeding = (await silos.ofFarm(scope.ownerId, lote.nucleo_id)).filter((silo) => silo.aviarios.some((house) => houses.has(house.id)));
      const padrao = lote.padrao_id === null ? undefined : await standards.get(scope, lote.padrao_id);
      const pontos = padrao?.pontos ?? [];
      const pesoZero = pontos.find((ponto) => ponto.idade === 0);

      const header = {
        lote: {
          id: lote.id,
          codigo: lote.codigo,
          data_alojamento: alojamento,
          data_encerramento: lote.data_encerramento,
          aves_alojadas: lote.aves_macho + lote.aves_femea + lote.aves_misto,
          situacao: lote.data_encerramento === null ? ('ativo' as const) : ('encerrado' as const),
        },
        nucleo: { id: lote.nucleo_id, nome: lote.nucleo_nome },
        aviarios: lote.aviarios,
        silos: feeding.map(
          (silo): RacaoSilo => ({
            id: silo.id,
            nome: silo.nome,
            fonte: silo.device_id === null ? 'movimentos' : 'balanca',
            device_id: silo.device_id,
            aviarios: silo.aviarios,
            aviarios_lote: silo.aviarios.filter((house) => houses.has(house.id)).map((house) => house.id),
          }),
        ),
        padrao: padrao ? { id: padrao.id, nome: padrao.nome } : null,
        peso_alojamento_g: pesoZero ? pesoZero.peso : PESO_ALOJAMENTO_PADRAO_G,
        peso_alojamento_fonte: pesoZero ? ('padrao' as const) : ('padrao_ausente' as const),
        di: query.di,
        df: query.df,
        inicio: lived ? inicio : null,
        fim: lived ? fim : null,
        idade_inicio: lived ? daysBetween(alojamento, inicio) : null,
        idade_fim: lived ? daysBetween(alojamento, fim) : null,
        timezone,
      };
      // Sums run from placement, so the cumulative feed and FCR of the first day shown are right.
      const manual = feeding.filter((silo) => silo.device_id === null).map((silo) => silo.id);
      const movements = new Map<number, Map<string, number>>();
      const rows = lived ? await siloMovements.consumptionPerDay(manual, alojamento, fim) : [];
      for (const row of rows) {
        const days = movements.get(row.silo_id) ?? new Map<string, number>();
        days.set(row.data, row.hg);
        movements.set(row.silo_id, days);
      }
      const feedingSilos: FeedingSilo[] = [];
      for (const silo of feeding) {
        feedingSilos.push({
          id: silo.id,
          casas: silo.aviarios.map((house) => house.id),
          consumoHg: lived ? await dailyConsumption(scope.ownerId, silo, alojamento, fim, timezone, movements) : new Map(),
        });
      }
      // The owner's other flocks in the silos' houses share each silo's feed by their live birds.
      const siloHouses = new Set(feeding.flatMap((silo) => silo.aviarios.map((house) => house.id)));
      // The caller reaches the flock's farm: its flocks are listed as the caller sees them, on that farm alone.
      const others = lived ? await flocks.list({ ...scope, nucleos: [lote.nucleo_id] }) : [];
      const vizinhos = [];
      for (const other of others.filter((flock) => flock.id !== lote.id && flock.aviarios.some((house) => siloHouses.has(house.id)))) {
        vizinhos.push({
          alojamento: other.data_alojamento,
          encerramento: other.data_encerramento,
          avesAlojadas: other.aves_macho + other.aves_femea + other.aves_misto,
          perdas: await lossesOf(scope.ownerId, other.id),
          casas: other.aviarios.map((house) => house.id),
        });
      }
      const pesagens = lived ? await feed.weighingsPerDay(scope.ownerId, lote.id, inicio, fim) : [];
      const result = feedConsumption({
        alojamento,
        inicio,
        // Not lived in the period: no day at all.
        fim: lived ? fim : addDays(alojamento, -1),
        avesAlojadas: header.lote.aves_alojadas,
        perdas: lived ? await lossesOf(scope.ownerId, lote.id) : [],
        casasLote: lote.aviarios.map((house) => house.id),
        silos: feedingSilos,
        vizinhos,
        pesagens: new Map(pesagens.map((row) => [row.data, row])),
        pesoAlojamentoDg: Math.round(header.peso_alojamento_g * 10),
        padrao: pontos,
      });
      return { header, ...result };
    },
  };
}
export type FeedService = ReturnType<typeof feedService>;
