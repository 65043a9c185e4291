import {
  COLETA_CHART_UNITS,
  collectorSummary,
  splitPiped,
  timezoneOffsetMs,
  type ChartDataResponse,
  type ColetaDia,
  type ColetaValores,
  type HistoricoColetor,
  type HistoricoPontoColeta,
  type MsgColeta,
} from '@portal/shared';
import type { AccountReads } from '../accounts/index.js';
import type { OwnerScope } from '../permissions/index.js';
import type { CollectionPointsService, Collector } from '../collectionPoints/index.js';
import { DAY_MS, type ColetasRepository, type NewColeta } from './coletas.repository.js';

/** Birds in a collector's batch (spec section 9: the average is the total / 20). */
export const COLETA_BATCH = 20;
/** Every completed batch is kept; this bucket only makes a batch heard by two instances one row. */
export const COLETA_BUCKET_MS = 1_000;


/** Integer sums of some batches (peso in decigrams, as stored). */
interface Sums {
  coletas: number;
  machos: number;
  femeas: number;
  peso_total_dg: number;
}

const EMPTY: ColetaValores = { coletas: null, machos: null, femeas: null, aves: null, peso_total_kg: null, pesoMedio: null, sexo: null };

/** numerator / denominator rounded half up, for non-negative integers (exact: no float rounding). */
const roundedQuotient = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));

function add(into: Sums | undefined, sums: Sums): Sums {
  if (!into) return { ...sums };
  into.coletas += sums.coletas;
  into.machos += sums.machos;
  into.femeas += sums.femeas;
  into.peso_total_dg += sums.peso_total_dg;
  return into;
}

/**
 * The wire values of some batches; no batch → every value null. pesoMedio = Σ peso_total / Σ aves
 * (for one batch of 20 that is collectorSummary's total / 20); the sex comes from the summed
 * counts through collectorSummary (majority, 'misto' on a tie), the one rule for a batch or a day.
 */
export function valuesOf(sums: Sums | undefined): ColetaValores {
  if (!sums || sums.coletas === 0) return EMPTY;
  const aves = sums.machos + sums.femeas;
  return {
    coletas: sums.coletas,
    machos: sums.machos,
    femeas: sums.femeas,
    aves,
    peso_total_kg: roundedQuotient(sums.peso_total_dg, 1000) / 10,
    pesoMedio: aves === 0 ? null : roundedQuotient(sums.peso_total_dg, aves) / 10,
    sexo: collectorSummary({ machos: sums.machos, femeas: sums.femeas, peso_total: sums.peso_total_dg / 10 }).sexo,
  };
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * Collection-point history: the batches of the point's collectors per collector and local day.
 *
 * Reads the coletas table only. A collector also sends each batch as a weighing (PES, stored in
 * pesagens under its serial), but that row carries the batch's average and majority sex, not the
 * male and female counts the section 9 rule needs; it is sent only while the collector is placed
 * in a flock; and reading both would count every batch twice.
 */
export function collectionHistoryService(deps: {
  points: Pick<CollectionPointsService, 'details' | 'collectors'>;
  coletas: ColetasRepository;
  accounts: Pick<AccountReads, 'timezoneOf'>;
}) {
  const { points, coletas, accounts } = deps;

  async function history(scope: OwnerScope, query: { id: number; di: string; df: string }): Promise<HistoricoPontoColeta> {
    const point = await points.details(scope, query.id);
    // Serials are unique in a saved list; a Set keeps a hand-edited row from counting one twice.
    const serials = [...new Set(splitPiped(point.serie_coletores))];
    // Every collector the point lists, whatever farm it is on: reaching the point reaches its history.
    const collectors = new Map<string, Collector>((await points.collectors(scope.ownerId, serials)).map((collector) => [collector.serie, collector]));
    const timezone = await accounts.timezoneOf(scope.ownerId);
    const offsetMs = timezoneOffsetMs(timezone);
    const first = dayNumber(query.di);
    const last = dayNumber(query.df);
    const deviceIds = [...collectors.values()].map((collector) => collector.id);
    // Local midnight of di up to local midnight after df, as instants.
    const rows = await coletas.dailySums(scope.ownerId, deviceIds, first * DAY_MS - offsetMs, (last + 1) * DAY_MS - offsetMs, offsetMs);

    const byDevice = new Map<number, Map<number, Sums>>();
    for (const { device_id: deviceId, day, ...sums } of rows) {
      const days = byDevice.get(deviceId) ?? new Map<number, Sums>();
      days.set(day, add(days.get(day), sums));
      byDevice.set(deviceId, days);
    }
    const days = Array.from({ length: last - first + 1 }, (_, index) => first + index);
    const dayRow = (day: number, sums: Sums | undefined): ColetaDia => ({ data: dayText(day), ...valuesOf(sums) });

    const pointDays = new Map<number, Sums>();
    let pointTotal: Sums | undefined;
    const coletores = serials.map((serie): HistoricoColetor => {
      const collector = collectors.get(serie);
      const perDay = collector ? byDevice.get(collector.id) : undefined;
      let total: Sums | undefined;
      for (const [day, sums] of perDay ?? []) {
        total = add(total, sums);
        pointDays.set(day, add(pointDays.get(day), sums));
        pointTotal = add(pointTotal, sums);
      }
      return {
        serie,
        device_id: collector?.id ?? null,
        nome: collector?.nome ?? null,
        registrado: collector !== undefined,
        dias: days.map((day) => dayRow(day, perDay?.get(day))),
        total: valuesOf(total),
      };
    });

    return {
      id: point.id,
      nome: point.nome,
      nucleo_nome: point.nucleo_nome,
      aviario_nome: point.aviario_nome,
      di: query.di,
      df: query.df,
      timezone,
      coletores,
      dias: days.map((day) => dayRow(day, pointDays.get(day))),
      total: valuesOf(pointTotal),
    };
  }

  return {
    history,

    /** coletas as the readings ingestion (modules/readings) fills it: a collector's completed batches only. */
    series: {
      table: 'coletas',
      periodMs: COLETA_BUCKET_MS,
      rowOf(ownerId: number, deviceId: number, reading: MsgColeta, em: number, bucket: number): NewColeta | null {
        // Only a completed batch is a weighing of 20 birds; the readings before it are its progress.
        if (reading.machos + reading.femeas < COLETA_BATCH) return null;
        return { owner_id: ownerId, device_id: deviceId, em, bucket, machos: reading.machos, femeas: reading.femeas, peso_total_dg: Math.round(reading.peso_total * 10) };
      },
      insert: (rows: readonly NewColeta[]): Promise<void> => coletas.insert(rows),
      anyOfOwner: (ownerId: number): Promise<boolean> => coletas.anyOfOwner(ownerId),
      maintenance: coletas.maintenance,
    } as const,

    /**
     * Spec section 3's chart of the same history: a line of daily pesoMedio per collector (in the
     * order of the point's list), then the point's daily machos and femeas; null on empty days.
     */
    async chart(scope: OwnerScope, query: { id: number; di: string; df: string }): Promise<ChartDataResponse> {
      const report = await history(scope, query);
      const line = (tit: string, unidade: string, value: (day: ColetaDia) => number | null, dias: ColetaDia[]) => ({
        tit,
        unidade,
        dataset: dias.map((day) => ({ data: day.data, data_value: value(day) })),
      });
      return {
        titulo: report.nome,
        di: report.di,
        df: report.df,
        chartData: {
          linhas: [
            ...report.coletores.map((coletor) =>
              line(coletor.nome === null ? coletor.serie : `${coletor.nome} (${coletor.serie})`, COLETA_CHART_UNITS.pesoMedio, (day) => day.pesoMedio, coletor.dias),
            ),
            line('Machos', COLETA_CHART_UNITS.contagem, (day) => day.machos, report.dias),
            line('Fêmeas', COLETA_CHART_UNITS.contagem, (day) => day.femeas, report.dias),
          ],
        },
      };
    },
  };
}
export type CollectionHistoryService = ReturnType<typeof collectionHistoryService>;
