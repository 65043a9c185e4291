import {
  avesPesosResponse,
  calhaGraphResponse,
  chartDataResponse,
  comparativo,
  desempenho,
  dosagemRelatorio,
  historicoPontoColeta,
  qualidadeResponse,
  descartadasResponse,
  previsaoResponse,
  separacaoSexoResponse,
  racaoResponse,
  resumoResponse,
  siloLeiturasResponse,
  totaisSelauto,
  usrStats,
} from '@portal/shared';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { CollectionHistoryService } from '../modules/collectionHistory/index.js';
import type { GraphDataService } from '../modules/charts/index.js';
import type { DosingService } from '../modules/dosing/index.js';
import type { FeedService } from '../modules/feed/index.js';
import type { ForecastService } from '../modules/forecast/index.js';
import type { ComparativoInput, PerformanceService } from '../modules/performance/index.js';
import type { SexSplitService } from '../modules/sexsplit/index.js';
import type { OwnerScope } from '../modules/permissions/index.js';
import type { Services } from '../modules/services.js';
import type { SiloBalanceService } from '../modules/silos/index.js';
import type { TroughsService } from '../modules/troughs/index.js';
import type { WeighingsService } from '../modules/weighings/index.js';

/** What a call's service method takes after the caller's scope. */
type InputOf<Method extends (scope: OwnerScope, input: never) => unknown> = Parameters<Method>[1];

/**
 * The calls that read many rows or compute much (weight reports, feed, flock performance, troughs, silo balance,
 * dosing, collection and chart data): the report runner (runner.ts) sends them to its worker
 * pool, and the worker (worker.ts) and the inline fallback both run them from this one table.
 * The table is built once on services (createServices) of a database and clock (a worker's own, or
 * the request thread's), so a worker uses its own connection; a worker's clock reads the running
 * task's `now`. Inputs and results cross threads by structured clone: plain data only. None of them writes.
 */
function heavyCallsOn(services: Services) {
  const { weighings, feed, troughs, siloBalance, graphData, dosing, collectionHistory, performance, forecast, sexSplit } = services;
  return {
    avespesos: (scope: OwnerScope, input: InputOf<WeighingsService['report']>) => weighings.report(scope, input),
    resumo: (scope: OwnerScope, input: InputOf<WeighingsService['summary']>) => weighings.summary(scope, input),
    getqualidade: (scope: OwnerScope, input: InputOf<WeighingsService['quality']['report']>) => weighings.quality.report(scope, input),
    getpesagensdescartadas: (scope: OwnerScope, input: InputOf<WeighingsService['quality']['descartadas']>) => weighings.quality.descartadas(scope, input),
    gettotaisselauto: (scope: OwnerScope, input: InputOf<WeighingsService['graderTotals']>) => weighings.graderTotals(scope, input),
    usrstats: (scope: OwnerScope) => weighings.dashboard(scope),
    getracao: (scope: OwnerScope, input: InputOf<FeedService['racao']>) => feed.racao(scope, input),
    getdesempenho: (scope: OwnerScope, input: InputOf<PerformanceService['desempenho']>) => performance.desempenho(scope, input),
    getcomparativo: (scope: OwnerScope, input: ComparativoInput) => performance.comparativo(scope, input),
    getprevisao: (scope: OwnerScope, input: InputOf<ForecastService['previsao']>) => forecast.previsao(scope, input),
    getseparacaosexo: (scope: OwnerScope, input: InputOf<SexSplitService['separacao']>) => sexSplit.separacao(scope, input),
    getgraph_calha: (scope: OwnerScope, input: InputOf<TroughsService['graph']>) => troughs.graph(scope, input),
    getsiloleituras: (scope: OwnerScope, input: InputOf<SiloBalanceService['leituras']>) => siloBalance.leituras(scope, input),
    getgraphdata: (scope: OwnerScope, input: InputOf<GraphDataService['graphData']>) => graphData.graphData(scope, input),
    reldosagem: (scope: OwnerScope, input: InputOf<DosingService['relatorio']>) => dosing.relatorio(scope, input),
    getfumigacaodetalhe: (scope: OwnerScope, input: InputOf<DosingService['grafico']>) => dosing.grafico(scope, input),
    gethistoricopontocoleta: (scope: OwnerScope, input: InputOf<CollectionHistoryService['history']>) => collectionHistory.history(scope, input),
    gethistoricopontocoletagrafico: (scope: OwnerScope, input: InputOf<CollectionHistoryService['chart']>) => collectionHistory.chart(scope, input),
  };
}

type HeavyCalls = ReturnType<typeof heavyCallsOn>;
export type HeavyCallName = keyof HeavyCalls;

/**
 * Each call's 200 answer schema (the same as its route's): the worker serialises the answer with it,
 * so the request thread only sends a string instead of cloning, validating and stringifying a tree
 * (half a megabyte for a season's weight report).
 */
const heavyResponses = {
  avespesos: avesPesosResponse,
  resumo: resumoResponse,
  getqualidade: qualidadeResponse,
  getpesagensdescartadas: descartadasResponse,
  gettotaisselauto: totaisSelauto,
  usrstats: usrStats,
  getracao: racaoResponse,
  getdesempenho: desempenho,
  getcomparativo: comparativo,
  getprevisao: previsaoResponse,
  getseparacaosexo: separacaoSexoResponse,
  getgraph_calha: calhaGraphResponse,
  getsiloleituras: siloLeiturasResponse,
  getgraphdata: chartDataResponse,
  reldosagem: dosagemRelatorio,
  getfumigacaodetalhe: chartDataResponse,
  gethistoricopontocoleta: historicoPontoColeta,
  gethistoricopontocoletagrafico: chartDataResponse,
} satisfies Record<HeavyCallName, z.ZodType>;

const serializers = new Map<HeavyCallName, (value: unknown) => string>();

/** A call's answer as the JSON its route would have sent: the route's own serializer (fastify-type-provider-zod). */
export function heavyAnswerJson(name: HeavyCallName, value: unknown): string {
  let serialize = serializers.get(name);
  if (!serialize) {
    serialize = serializerCompiler({ schema: heavyResponses[name], method: 'GET', url: `/api/${name}`, httpStatus: '200' }) as (value: unknown) => string;
    serializers.set(name, serialize);
  }
  return serialize(value);
}
type HeavyCall<Name extends HeavyCallName> = HeavyCalls[Name];
export type HeavyInput<Name extends HeavyCallName> = Parameters<HeavyCall<Name>>[1];
export type HeavyResult<Name extends HeavyCallName> = Awaited<ReturnType<HeavyCall<Name>>>;

/** A runner of heavy calls on one set of services: heavyCallsOn's table, built once. */
export type HeavyCallRunner = <Name extends HeavyCallName>(name: Name, scope: OwnerScope, input: HeavyInput<Name>) => Promise<HeavyResult<Name>>;

/** Runs heavy calls on services built once (createServices) on a worker's own database, or the request thread's. */
export function heavyCallRunner(services: Services): HeavyCallRunner {
  const calls = heavyCallsOn(services);
  return <Name extends HeavyCallName>(name: Name, scope: OwnerScope, input: HeavyInput<Name>) =>
    (calls[name] as (scope: OwnerScope, input: HeavyInput<Name>) => Promise<HeavyResult<Name>>)(scope, input);
}
