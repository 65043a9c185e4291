import {
  aceitasPercent,
  DESCARTADAS_MAX,
  janelaEmGramas,
  localDate,
  motivoDe,
  notaDia,
  type MotivoDescarte,
  type Descartadas,
  type descartadasQuery,
  type Lote,
  type Qualidade,
  type QualidadeConfig,
  type qualidadeQuery,
  type setQualidadeConfigBody,
} from '@portal/shared';
import type { z } from 'zod';
import { AppError } from '../../../http/errors.js';
import type { AccountReads } from '../../accounts/index.js';
import type { FlocksService } from '../../flocks/index.js';
import type { OwnerScope } from '../../permissions/index.js';
import type { StandardsService } from '../../standards/index.js';
import type { FlockWeightGroup } from '../daily-source.js';
import type { DailyQueries } from '../daily.queries.js';
import type { PesagensRepository } from '../pesagens.repository.js';
import { naturalCompare, type GroupWindow } from '../report-tree.js';
import type { StandardCurve } from '../standard.js';
import { cellKey, flockCells, type QualityCell, type QualityFlock, type QualityRules } from './cells.js';
import { acceptedFlockWeights } from './flock-weights.js';
import { defaultSettings, type QualityRepository, type QualitySettings } from './quality.repository.js';

const byDayAndSex = (a: QualityCell, b: QualityCell) => (a.data < b.data ? -1 : a.data > b.data ? 1 : naturalCompare(a.sexo, b.sexo));

/** Flagged weighings per day row (dia_id) of some cells. */
function flaggedPerDay(cells: readonly QualityCell[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const cell of cells) for (const row of cell.flagged) counts.set(row.dia_id, (counts.get(row.dia_id) ?? 0) + 1);
  return counts;
}

/** Per scale and day: weighings, accepted, share and score. */
function scaleScores(cells: readonly QualityCell[], meta: number): Qualidade['balancas'] {
  const flagged = flaggedPerDay(cells);
  const scales = new Map<string, Map<string, { aves: number; aceitas: number }>>();
  for (const cell of cells) {
    for (const day of cell.days) {
      let days = scales.get(day.serie_balanca);
      if (!days) scales.set(day.serie_balanca, (days = new Map()));
      const sum = days.get(day.data) ?? { aves: 0, aceitas: 0 };
      sum.aves += day.aves;
      sum.aceitas += day.aves - (flagged.get(day.id) ?? 0);
      days.set(day.data, sum);
    }
  }
  return [...scales.entries()]
    .sort(([a], [b]) => naturalCompare(a, b))
    .map(([serie_balanca, days]) => ({
      serie_balanca,
      dias: [...days.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([data, { aves, aceitas }]) => ({ data, aves, aceitas, aceitas_pct: aceitasPercent(aves, aceitas), nota: notaDia(aves, aceitas, meta) })),
    }));
}

/**
 * Weighing quality of the owner's flocks (issue 20, docs/quality.md): their settings
 * (setqualidadeconfig), each day's window and counts and each scale's score (getqualidade), the
 * set-aside weighings of a day (getpesagensdescartadas), and what the weight report and flockWeights
 * need to leave the flagged weighings out.
 */
export function qualityService(deps: {
  daily: DailyQueries;
  configs: QualityRepository;
  pesagens: Pick<PesagensRepository, 'flockDayRows'>;
  flocks: Pick<FlocksService, 'get' | 'placementOf'>;
  standards: Pick<StandardsService, 'curveOf'>;
  accounts: Pick<AccountReads, 'timezoneOf'>;
  clock: () => number;
}) {
  const { daily, configs, flocks, standards, accounts, clock } = deps;

  async function settingsOf(ownerId: number, loteId: number): Promise<QualitySettings> {
    return (await configs.settingsOf(ownerId, [loteId])).get(loteId) ?? defaultSettings();
  }

  async function curveOf(ownerId: number, padraoId: number | null): Promise<StandardCurve | undefined> {
    return padraoId === null ? undefined : standards.curveOf(ownerId, padraoId);
  }

  const flockOf = async (ownerId: number, lote: Pick<Lote, 'id' | 'data_alojamento' | 'padrao_id'>): Promise<QualityFlock> => ({
    id: lote.id,
    data_alojamento: lote.data_alojamento,
    curve: await curveOf(ownerId, lote.padrao_id),
  });

  /** The flock's judged days up to `df` while its filter is on; undefined while it is off. */
  async function filteredCells(ownerId: number, loteId: number, df: string): Promise<QualityCell[] | undefined> {
    const settings = await settingsOf(ownerId, loteId);
    if (!settings.ativo) return undefined;
    const placement = await flocks.placementOf(ownerId, loteId);
    return placement && flockCells(daily, ownerId, await flockOf(ownerId, placement), settings, df);
  }

  return {
    /** The owner's flocks whose filter is on. */
    activeFlocks: (ownerId: number): Promise<number[]> => configs.activeFlocks(ownerId),

    /**
     * The rules of the flocks whose weighings a report judges: every flock with its filter on; with
     * a `janela`, every flock, under those percentages and its own other settings.
     */
    async reportRules(ownerId: number, loteIds: readonly number[], janela: { abaixo_pct: number; acima_pct: number } | undefined): Promise<Map<number, QualityRules>> {
      const stored = await configs.settingsOf(ownerId, loteIds);
      const rules = new Map<number, QualityRules>();
      for (const loteId of loteIds) {
        const settings = stored.get(loteId) ?? defaultSettings();
        if (janela !== undefined) rules.set(loteId, { ...settings, ...janela });
        else if (settings.ativo) rules.set(loteId, settings);
      }
      return rules;
    },

    /** A judged flock's windows up to `df`, by day and sex text (cellKey). */
    async windows(ownerId: number, flock: QualityFlock, rules: QualityRules, df: string): Promise<Map<string, GroupWindow>> {
      const cells = await flockCells(daily, ownerId, flock, rules, df);
      return new Map(cells.map((cell) => [cellKey(cell.data, cell.sexo), { janela: cell.janela, wire: janelaEmGramas(cell.janela, cell.referencia) }]));
    },

    /** flockWeights of a flock whose filter is on (accepted weighings only); undefined while it is off. */
    async flockWeights(ownerId: number, loteId: number, df: string): Promise<FlockWeightGroup[] | undefined> {
      const cells = await filteredCells(ownerId, loteId, df);
      return cells && acceptedFlockWeights(cells, (datas) => deps.pesagens.flockDayRows(ownerId, loteId, datas));
    },

    /** How a flock-day's weighings are judged, by sex text and weight, while the flock's filter is on (the sex split); undefined while it is off. */
    async dayJudge(ownerId: number, loteId: number, data: string): Promise<((sexo: string, pesoDg: number) => MotivoDescarte | null) | undefined> {
      const cells = await filteredCells(ownerId, loteId, data);
      if (!cells) return undefined;
      const windows = new Map(cells.filter((cell) => cell.data === data).map((cell) => [cell.sexo, cell.janela]));
      return (sexo, pesoDg) => motivoDe(pesoDg, windows.get(sexo) ?? null);
    },

    /** setqualidadeconfig: the flock must be the owner's and on a farm the (manage) scope reaches. */
    async setConfig(scope: OwnerScope, body: z.output<typeof setQualidadeConfigBody>): Promise<QualidadeConfig> {
      const lote = await flocks.get(scope, body.lote_id);
      const { prop: _prop, lote_id: _lote, ...settings } = body;
      await configs.save(scope.ownerId, lote.id, settings, clock());
      return { lote_id: lote.id, ...settings };
    },

    /** getqualidade: per weighing day and sex text its window and counts, per scale and day its score. */
    async report(scope: OwnerScope, query: z.output<typeof qualidadeQuery>): Promise<Qualidade> {
      const lote = await flocks.get(scope, query.lote_id);
      const settings = await settingsOf(scope.ownerId, lote.id);
      const df = query.df ?? lote.data_encerramento ?? localDate(clock(), await accounts.timezoneOf(scope.ownerId));
      const cells = await flockCells(daily, scope.ownerId, await flockOf(scope.ownerId, lote), settings, df);
      const di = query.di ?? lote.data_alojamento ?? cells[0]?.data ?? df;
      if (di > df) throw AppError.field(query.df !== undefined ? 'df' : 'di', 'DATE_RANGE_INVALID');
      const inPeriod = cells.filter((cell) => cell.data >= di).sort(byDayAndSex);
      return {
        config: { lote_id: lote.id, ...settings },
        lote_id: lote.id,
        codigo: lote.codigo,
        di,
        df,
        dias: inPeriod.map((cell) => ({ ...janelaEmGramas(cell.janela, cell.referencia), data: cell.data, idade: cell.idade, sexo: cell.sexo, aves: cell.aves, ...cell.counts })),
        balancas: scaleScores(inPeriod, settings.pesagens_dia_meta),
      };
    },

    /** getpesagensdescartadas: the day's weighings set aside, by time, at most DESCARTADAS_MAX listed; `total` counts them all. */
    async descartadas(scope: OwnerScope, query: z.output<typeof descartadasQuery>): Promise<Descartadas> {
      const lote = await flocks.get(scope, query.lote_id);
      const settings = await settingsOf(scope.ownerId, lote.id);
      const cells = await flockCells(daily, scope.ownerId, await flockOf(scope.ownerId, lote), settings, query.data);
      const rows = cells
        .filter((cell) => cell.data === query.data)
        .flatMap((cell) => cell.flagged.map((row) => ({ ...row, esperado_g: cell.janela!.esperado / 10 })))
        .filter((row) => (query.serie_balanca === undefined || row.serie_balanca === query.serie_balanca) && (query.motivo === undefined || row.motivo === query.motivo))
        .sort((a, b) => (a.hora < b.hora ? -1 : a.hora > b.hora ? 1 : 0) || naturalCompare(a.aviario, b.aviario) || naturalCompare(a.box, b.box) || a.peso_dg - b.peso_dg);
      return {
        lote_id: lote.id,
        data: query.data,
        total: rows.length,
        pesagens: rows.slice(0, DESCARTADAS_MAX).map(({ hora, aviario, lado, box, sexo, serie_balanca, peso_dg, motivo, esperado_g }) => ({
          hora, aviario, lado, box, sexo, serie_balanca, peso: peso_dg / 10, motivo, esperado_g,
        })),
      };
    },
  };
}
export type QualityService = ReturnType<typeof qualityService>;
