import {
  computeStats,
  daysBetween,
  decimalSeparatorOf,
  GRADER_CATEGORIES,
  roundHalfAway,
  type AvesPesosResponse,
  type DecimalSeparator,
  type Estatisticas,
  type Language,
  type Lote,
  type Nucleo,
  type ReportHeader,
  type ResumoResponse,
  type TotaisSelauto,
  type UniEstrutura,
  type UsrStats,
  type avesPesosBody,
  type resumoQuery,
  localDate,
} from '@portal/shared';
import type { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { AccountReads } from '../accounts/index.js';
import type { DevicesService } from '../devices/index.js';
import type { FarmsService } from '../farms/index.js';
import { flockAge, type FlocksService } from '../flocks/index.js';
import type { OwnerScope } from '../permissions/index.js';
import type { StandardsService } from '../standards/index.js';
import { dailySource, flockWeightGroups, scaleDaySums, type FlockWeightGroup, type ScaleDaySum } from './daily-source.js';
import type { DailyQueries } from './daily.queries.js';
import { weighingsChangedSince } from './export.js';
import type { PesagemFilter, PesagensRepository } from './pesagens.repository.js';
import { mixedWeightsOf } from './mixed-weights.js';
import { reportPeriod } from './period.js';
import { rawSource, type DayTotal } from './raw-source.js';
import { cellKey } from './quality/cells.js';
import type { QualityRepository } from './quality/quality.repository.js';
import { qualityService } from './quality/service.js';
import { categoryCompare, naturalCompare, reportTree, type GroupWindow, type ReportCatalog, type WindowOf } from './report-tree.js';
import { percentOfStandard, standardAt, type StandardCurve } from './standard.js';

type AvesPesosFilters = z.output<typeof avesPesosBody>;
/** What v2/resumo reads of its query: the period and the weight report's filters. */
type SummaryFilters = Omit<z.output<typeof resumoQuery>, 'prop' | 'tipo'>;

/** The grader model whose categories gettotaisselauto and the uniformization screen read. */
const GRADER_MODEL = 'SELAUTO';
const byNome = (a: { nome: string }, b: { nome: string }) => naturalCompare(a.nome, b.nome);
const byCodigo = (a: { codigo: string }, b: { codigo: string }) => naturalCompare(a.codigo, b.codigo);
const situacao = (lote: Pick<Lote, 'data_encerramento'>) => (lote.data_encerramento === null ? ('ativo' as const) : ('encerrado' as const));

/** Settings of the signed-in user that shape a report's files: CSV separator, reports language and its decimal mark. */
export interface ReaderSettings {
  separador: string;
  language: Language;
  /** The user's number format (separador_decimal), else the reports language's. */
  decimal: DecimalSeparator;
}

/** The weight reports (spec sections 3 and 9) over the weighings an owner's scope reaches. */
export function weighingsService(deps: {
  pesagens: PesagensRepository;
  /** The daily aggregates the calls aligned with whole days read (docs/data-model.md, "Daily aggregates"). */
  daily: DailyQueries;
  /** Those calls from the raw weighings instead: the reference the aggregates equal (tests, the fleet bench's ratio). */
  fromRaw?: boolean;
  /** The flocks' weighing-quality settings (quality/, docs/quality.md). */
  qualityConfigs: QualityRepository;
  farms: Pick<FarmsService, 'list' | 'get'>;
  flocks: Pick<FlocksService, 'list' | 'get' | 'placementOf'>;
  standards: Pick<StandardsService, 'list' | 'curveOf'>;
  devices: Pick<DevicesService, 'list' | 'get'>;
  accounts: Pick<AccountReads, 'userById' | 'timezoneOf'>;
  clock: () => number;
}) {
  const { pesagens, farms: farmRecords, flocks: flockRecords, standards: standardRecords, devices, accounts, clock } = deps;
  const source = deps.fromRaw === true ? rawSource(pesagens) : dailySource(deps.daily);
  const quality = qualityService({ daily: deps.daily, configs: deps.qualityConfigs, pesagens, flocks: flockRecords, standards: standardRecords, accounts, clock });

  async function readerSettings(actorId: number): Promise<ReaderSettings> {
    const user = await accounts.userById(actorId);
    const language = (user?.reports_language ?? 'pt') as Language;
    return { separador: user?.separador_csv ?? ';', language, decimal: decimalSeparatorOf(language, user?.separador_decimal as DecimalSeparator | null | undefined) };
  }

  /** Farms in reach; `tipo` keeps only farms (granja) or only hatcheries (incubatorio). */
  async function farmsInReach(scope: OwnerScope, tipo?: 'granja' | 'incubatorio'): Promise<Nucleo[]> {
    const farms = await farmRecords.list(scope);
    return (tipo === undefined ? farms : farms.filter((farm) => farm.tipo === tipo)).sort(byNome);
  }

  async function standardsOf(scope: OwnerScope): Promise<Map<number, StandardCurve>> {
    const list = await standardRecords.list(scope);
    return new Map(list.map((padrao) => [padrao.id, { id: padrao.id, nome: padrao.nome, pontos: [...padrao.pontos].sort((a, b) => a.idade - b.idade) }]));
  }

  async function catalogFor(scope: OwnerScope, farms: Nucleo[], separador: string): Promise<ReportCatalog & { flocks: Map<number, Lote>; standards: Map<number, StandardCurve> }> {
    const farmNames = new Map(farms.map((farm) => [farm.id, farm.nome]));
    const flocks = new Map((await flockRecords.list(scope)).map((lote) => [lote.id, lote]));
    const standards = await standardsOf(scope);
    return {
      flocks,
      standards,
      separador,
      nucleoName: (id) => farmNames.get(id) ?? '',
      loteCode: (id) => (id === null ? '' : (flocks.get(id)?.codigo ?? '')),
      loteAge: (id, data) => {
        const placed = id === null ? null : (flocks.get(id)?.data_alojamento ?? null);
        return placed === null ? null : daysBetween(placed, data);
      },
      standardOf: (id) => {
        const padraoId = id === null ? null : (flocks.get(id)?.padrao_id ?? null);
        return padraoId === null ? undefined : standards.get(padraoId);
      },
    };
  }

  /**
   * How the weight report judges each group (flock, day, sex text): the windows of the flocks it
   * reads whose filter is on — every flock when the report asks for a `janela` (docs/quality.md).
   */
  async function reportWindows(ownerId: number, filter: PesagemFilter, janela: AvesPesosFilters['janela'], catalog: Awaited<ReturnType<typeof catalogFor>>): Promise<WindowOf> {
    const active = janela === undefined ? await quality.activeFlocks(ownerId) : undefined;
    if (active?.length === 0) return () => undefined;
    const weighed = await deps.daily.weighedFlocks(ownerId, active === undefined ? filter : { ...filter, lotes: active });
    const byFlock = new Map<number, Map<string, GroupWindow>>();
    for (const [loteId, rules] of await quality.reportRules(ownerId, weighed, janela)) {
      const lote = catalog.flocks.get(loteId);
      if (!lote) continue;
      const flock = { id: loteId, data_alojamento: lote.data_alojamento, curve: lote.padrao_id === null ? undefined : catalog.standards.get(lote.padrao_id) };
      byFlock.set(loteId, await quality.windows(ownerId, flock, rules, filter.fim));
    }
    return (loteId, data, sexo) => (loteId === null ? undefined : byFlock.get(loteId)?.get(cellKey(data, sexo)));
  }

  const service = {
    readerSettings,

    /** Weighing quality: getqualidade, setqualidadeconfig, getpesagensdescartadas (quality/service.ts). */
    quality,

    /**
     * A flock's weighing days up to `df`, whole, per house and per sex, each with its latest day's
     * uniformity and CV (getdesempenho). Always from the daily aggregates, read as usrstats reads its latest days;
     * while the flock's quality filter is on, of its accepted weighings only (docs/quality.md).
     */
    flockWeights: async (ownerId: number, loteId: number, df: string): Promise<FlockWeightGroup[]> =>
      (await quality.flockWeights(ownerId, loteId, df)) ?? flockWeightGroups(deps.daily, ownerId, loteId, df),

    /** The weights (dg) of a flock-day's (house's, side's, box's) mixed-sex weighings: getseparacaosexo's birds (mixed-weights.ts). */
    mixedWeights: mixedWeightsOf({ pesagens, flocks: flockRecords, quality: quality.dayJudge }),

    /** The owner's weighings summed per farm, house, day and scale over [di, df] (alarms: scales of one house that disagree). */
    scaleDays: (ownerId: number, di: string, df: string): Promise<ScaleDaySum[]> => scaleDaySums(deps.daily, ownerId, di, df),

    /** The export's `pesagens` (issue 21): the owner's weighings stored after the cursor, in the order stored (export.ts). */
    changedSince: weighingsChangedSince(pesagens),

    /** When each scale (box) of these devices last weighed since `since` (alarms: one silent scale of a live device). */
    deviceScaleActivity: (ownerId: number, deviceIds: readonly number[], since: number) => pesagens.deviceScaleActivity(ownerId, deviceIds, since),

    /** The owner's flock's statistics (without scores) per weighing day in [di, df]: a chart's flock series. */
    flockSeries: (ownerId: number, loteId: number, di: string, df: string) => source.flockSeries(ownerId, loteId, di, df),

    /** avesheader / incubatorioheader: the farms (or hatcheries) with their flocks, and what the weighings hold. */
    async header(scope: OwnerScope, incubatorio: boolean): Promise<ReportHeader> {
      const { separador } = await readerSettings(scope.actorId);
      const farms = await farmsInReach(scope, incubatorio ? 'incubatorio' : 'granja');
      const flocks = await flockRecords.list(scope);
      const found = farms.length === 0 ? { aviarios: [], sexos: [], balancas: [], primeira: null, ultima: null } : await source.header(scope.ownerId, farms.map((farm) => farm.id));
      return {
        separador,
        nucleos: farms.map((farm) => ({
          id: farm.id,
          nome: farm.nome,
          tipo: farm.tipo,
          lotes: flocks
            .filter((lote) => lote.nucleo_id === farm.id)
            .sort(byCodigo)
            .map((lote) => ({ id: lote.id, codigo: lote.codigo, situacao: situacao(lote), data_alojamento: lote.data_alojamento })),
        })),
        aviarios: found.aviarios.sort(categoryCompare),
        sexos: found.sexos.sort(naturalCompare),
        balancas: found.balancas.sort(naturalCompare),
        primeira: found.primeira,
        ultima: found.ultima,
      };
    },

    /** avespesos: the weight report tree over the period and filters, streamed from the database. */
    async report(scope: OwnerScope, body: AvesPesosFilters): Promise<AvesPesosResponse> {
      const { separador } = await readerSettings(scope.actorId);
      let farms = await farmsInReach(scope, body.incubatorio ? 'incubatorio' : 'granja');
      // A farm or flock named in the filters must be the owner's and in reach: else it does not exist.
      if (body.nucleo_id !== undefined) {
        await farmRecords.get(scope, body.nucleo_id);
        farms = farms.filter((farm) => farm.id === body.nucleo_id);
      }
      if (body.lote_id !== undefined) await flockRecords.get(scope, body.lote_id);
      const empty: AvesPesosResponse = { inicio: body.inicio, fim: body.fim, separador, balancas: [], total: computeStats([]), qualidade: null, grupos: [] };
      if (farms.length === 0) return empty;
      const filter: PesagemFilter = {
        inicio: body.inicio,
        fim: body.fim,
        nucleos: farms.map((farm) => farm.id),
        lote_id: body.lote_id,
        aviario: body.aviario,
        sexo: body.sexo,
        serie_balanca: body.serie_balanca,
      };
      const catalog = await catalogFor(scope, farms, separador);
      const tree = reportTree(await reportWindows(scope.ownerId, filter, body.janela, catalog));
      for await (const batch of pesagens.reportRows(scope.ownerId, filter)) for (const row of batch) tree.add(row);
      const { grupos, total, qualidade, balancas } = tree.build(catalog);
      return { ...empty, balancas, total, qualidade, grupos };
    },

    /**
     * v2/resumo: per flock, house, side and box over the period, the farms in reach (never a
     * hatchery's lots: those are not birds grown in a house), narrowed by the weight report's filters.
     */
    async summary(scope: OwnerScope, query: SummaryFilters): Promise<ResumoResponse> {
      const period = reportPeriod(query.inicio, query.fim);
      let farms = await farmsInReach(scope, 'granja');
      // As in the weight report: a farm or flock named must be the owner's and in reach, else it does not exist.
      if (query.nucleo_id !== undefined) {
        await farmRecords.get(scope, query.nucleo_id);
        farms = farms.filter((farm) => farm.id === query.nucleo_id);
      }
      if (query.lote_id !== undefined) await flockRecords.get(scope, query.lote_id);
      if (farms.length === 0) return { ...period, linhas: [] };
      const catalog = await catalogFor(scope, farms, ';');
      const filter: PesagemFilter = { ...period, nucleos: farms.map((farm) => farm.id), lote_id: query.lote_id, aviario: query.aviario, sexo: query.sexo };
      const linhas = (await source.summaryLines(scope.ownerId, filter)).map((line) => ({
        nome_nucleo: catalog.nucleoName(line.nucleo_id),
        lote: catalog.loteCode(line.lote_id),
        aviario: line.aviario,
        lado: line.lado,
        box: line.box,
        primeira: line.dias[0]!,
        ultima: line.dias[line.dias.length - 1]!,
        dias: line.dias.length,
        stats: line.stats,
      }));
      linhas.sort(
        (a, b) =>
          naturalCompare(a.nome_nucleo, b.nome_nucleo) ||
          naturalCompare(a.lote, b.lote) ||
          categoryCompare(a.aviario, b.aviario) ||
          naturalCompare(a.lado, b.lado) ||
          naturalCompare(a.box, b.box),
      );
      return { ...period, linhas };
    },

    /**
     * gettotaisselauto: a grader's birds and weight per category, with each category's statistics
     * (after grading) and those of all its birds together (before grading); `lote_id` narrows it to
     * one flock. Its weighings are the ones whose serie_balanca is the grader's serial; a grader
     * writes the category in aviario. Read from the daily aggregates: a few statements whatever the period.
     */
    async graderTotals(scope: OwnerScope, query: { id: number; ini: string; fim: string; lote_id?: number | undefined }): Promise<TotaisSelauto> {
      const device = await devices.get(scope, query.id);
      if (device.modelo !== GRADER_MODEL) throw new AppError('NOT_FOUND');
      const period = reportPeriod(query.ini, query.fim, ['ini', 'fim']);
      // A flock named must be the owner's and in reach, as in avespesos: else it does not exist.
      if (query.lote_id !== undefined) await flockRecords.get(scope, query.lote_id);
      const farms = await farmsInReach(scope);
      const empty = computeStats([]);
      const found =
        farms.length === 0
          ? { categorias: GRADER_CATEGORIES.map(() => empty), total: empty }
          : await source.graderStats(scope.ownerId, { ...period, nucleos: farms.map((farm) => farm.id), serie_balanca: device.serie, lote_id: query.lote_id }, GRADER_CATEGORIES);
      const before = found.total;
      // Counts, weights and means are read off the statistics, so the two can never disagree.
      const totals = (stats: Estatisticas) => ({ aves: stats.totalAves, peso_total: stats.pesoTotal, pm: stats.pesoMedio, stats });
      return {
        device_id: device.id,
        serie: device.serie,
        ini: period.inicio,
        fim: period.fim,
        categorias: GRADER_CATEGORIES.map((desc, index) => {
          const stats = found.categorias[index]!;
          const percent = before.totalAves === 0 ? 0 : Number(roundHalfAway(BigInt(stats.totalAves) * 10_000n, BigInt(before.totalAves))) / 100;
          return { box: index + 1, desc, ...totals(stats), percent };
        }),
        total: totals(before),
      };
    },

    /** getuniestrutura: farm → flock → house, with each farm's graders. */
    async structure(scope: OwnerScope): Promise<UniEstrutura> {
      const farms = await farmsInReach(scope);
      const flocks = await flockRecords.list(scope);
      const graders = (await devices.list(scope)).filter((device) => device.modelo === GRADER_MODEL);
      return farms.map((farm) => ({
        id: farm.id,
        nome: farm.nome,
        seletoras: graders
          .filter((device) => device.nucleo_id === farm.id)
          .map((device) => ({ id: device.id, serie: device.serie, nome: device.nome }))
          .sort((a, b) => naturalCompare(a.serie, b.serie)),
        lotes: flocks
          .filter((lote) => lote.nucleo_id === farm.id)
          .sort(byCodigo)
          .map((lote) => ({ id: lote.id, codigo: lote.codigo, situacao: situacao(lote), aviarios: lote.aviarios.map(({ id, nome }) => ({ id, nome })) })),
      }));
    },

    /** usrstats: counts, and per active flock its latest weighing day and growth against its standard. */
    async dashboard(scope: OwnerScope): Promise<UsrStats> {
      const today = localDate(clock(), await accounts.timezoneOf(scope.ownerId));
      const farms = await farmsInReach(scope);
      const farmNames = new Map(farms.map((farm) => [farm.id, farm.nome]));
      const active = (await flockRecords.list(scope)).filter((lote) => lote.data_encerramento === null);
      const standards = await standardsOf(scope);
      const byFlock = new Map<number, DayTotal[]>();
      for (const day of await source.dailyTotals(scope.ownerId, active.map((lote) => lote.id))) {
        const list = byFlock.get(day.lote_id);
        if (list) list.push(day);
        else byFlock.set(day.lote_id, [day]);
      }
      const ownDays = (loteId: number) => (byFlock.get(loteId) ?? []).sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0));
      // Every flock's latest day, all at once.
      const latestDays = active.flatMap((lote) => ownDays(lote.id).slice(-1));
      const latestStats = new Map((await source.flockDayStats(scope.ownerId, latestDays)).map((stats, index) => [latestDays[index]!.lote_id, stats]));
      const tiles = [];
      for (const lote of active) {
        const curve = lote.padrao_id === null ? undefined : standards.get(lote.padrao_id);
        const own = ownDays(lote.id);
        const ageOn = (day: DayTotal) => (lote.data_alojamento === null ? day.idade_lote : daysBetween(lote.data_alojamento, day.data));
        const curva = own.map((day) => {
          const idade = ageOn(day);
          const padraoDg = curve && idade !== null ? standardAt(curve, idade) : null;
          return { data: day.data, idade, pesoMedio: Number(roundHalfAway(BigInt(day.peso_dg), BigInt(day.aves))) / 10, padrao: padraoDg === null ? null : padraoDg / 10 };
        });
        const latest = own[own.length - 1];
        const stats = latestStats.get(lote.id);
        let ultima: UsrStats['lotes'][number]['ultima'] = null;
        if (latest && stats) {
          const idade = ageOn(latest);
          const before = own[own.length - 2];
          const padraoDg = curve && idade !== null ? standardAt(curve, idade) : null;
          ultima = {
            data: latest.data,
            idade,
            pesoMedio: stats.pesoMedio,
            uni: stats.uni,
            cv: stats.cv,
            totalAves: stats.totalAves,
            ganhoDiario: before ? dailyGain(before, latest) : null,
            percentPadrao: padraoDg === null ? null : percentOfStandard(latest.peso_dg, latest.aves, padraoDg),
          };
        }
        tiles.push({ lote_id: lote.id, codigo: lote.codigo, nome_nucleo: farmNames.get(lote.nucleo_id) ?? lote.nucleo_nome, idade: flockAge(lote, today), ultima, curva });
      }
      tiles.sort((a, b) => naturalCompare(a.nome_nucleo, b.nome_nucleo) || naturalCompare(a.codigo, b.codigo));
      return {
        contagens: {
          nucleos: farms.length,
          lotesAtivos: active.length,
          dispositivos: (await devices.list(scope)).length,
          pesagens: await source.count(scope.ownerId, scope.nucleos),
        },
        lotes: tiles,
      };
    },
  };
  return service;
}
export type WeighingsService = ReturnType<typeof weighingsService>;

/**
 * g/day between two weighing days, from the exact means: (S₁/n₁ − S₀/n₀) / days, in decigrams,
 * rounded half away from zero to 0.1 g.
 */
export function dailyGain(before: { data: string; aves: number; peso_dg: number }, after: { data: string; aves: number; peso_dg: number }): number | null {
  const days = daysBetween(before.data, after.data);
  if (days <= 0 || before.aves === 0 || after.aves === 0) return null;
  const numerator = BigInt(after.peso_dg) * BigInt(before.aves) - BigInt(before.peso_dg) * BigInt(after.aves);
  return Number(roundHalfAway(numerator, BigInt(before.aves) * BigInt(after.aves) * BigInt(days))) / 10;
}
