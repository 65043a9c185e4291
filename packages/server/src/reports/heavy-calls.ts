import {
  avesPesosResponse,
  calhaGraphResponse,
  chartDataResponse,
  dosagemRelatorio,
  historicoPontoColeta,
  racaoResponse,
  resumoResponse,
  siloLeiturasResponse,
  totaisSelauto,
  usrStats,
} from '@portal/shared';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ServiceSource } from '../modules/context.js';
import { collectionHistoryServiceOf } from '../modules/collectionHistory/module.js';
import type { CollectionHistoryService } from '../modules/collectionHistory/service.js';
import { graphDataServiceOf } from '../modules/charts/module.js';
import type { GraphDataService } from '../modules/charts/graphdata.service.js';
import { dosingServiceOf } from '../modules/dosing/module.js';
import type { DosingService } from '../modules/dosing/service.js';
import { feedServiceOf } from '../modules/feed/module.js';
import type { FeedService } from '../modules/feed/service.js';
import type { OwnerScope } from '../modules/permissions/scope.js';
import type { SiloBalanceService } from '../modules/silos/balance.service.js';
import { siloBalanceServiceOf } from '../modules/silos/module.js';
import { troughsServiceOf } from '../modules/troughs/module.js';
import type { TroughsService } from '../modules/troughs/service.js';
import { weighingsServiceOf } from '../modules/weighings/module.js';
import type { WeighingsService } from '../modules/weighings/service.js';

/** What a call's service method takes after the caller's scope. */
type InputOf<Method extends (scope: OwnerScope, input: never) => unknown> = Parameters<Method>[1];

/**
 * The calls that read many rows or compute much (weight reports, feed, troughs, silo balance,
 * dosing, collection and chart data): the report runner (runner.ts) sends them to its worker
 * pool, and the worker (worker.ts) and the inline fallback both run them from this one table.
 * Each builds its service on the database and clock it is given, so a worker uses its own
 * connection and the request's clock. Inputs and results cross threads by structured clone:
 * plain data only. None of them writes.
 */
export const heavyCalls = {
  avespesos: (source: ServiceSource, scope: OwnerScope, input: InputOf<WeighingsService['report']>) => weighingsServiceOf(source).report(scope, input),
  resumo: (source: ServiceSource, scope: OwnerScope, input: InputOf<WeighingsService['summary']>) => weighingsServiceOf(source).summary(scope, input),
  gettotaisselauto: (source: ServiceSource, scope: OwnerScope, input: InputOf<WeighingsService['graderTotals']>) =>
    weighingsServiceOf(source).graderTotals(scope, input),
  usrstats: (source: ServiceSource, scope: OwnerScope) => weighingsServiceOf(source).dashboard(scope),
  getracao: (source: ServiceSource, scope: OwnerScope, input: InputOf<FeedService['racao']>) => feedServiceOf(source).racao(scope, input),
  getgraph_calha: (source: ServiceSource, scope: OwnerScope, input: InputOf<TroughsService['graph']>) => troughsServiceOf(source).graph(scope, input),
  getsiloleituras: (source: ServiceSource, scope: OwnerScope, input: InputOf<SiloBalanceService['leituras']>) => siloBalanceServiceOf(source).leituras(scope, input),
  getgraphdata: (source: ServiceSource, scope: OwnerScope, input: InputOf<GraphDataService['graphData']>) => graphDataServiceOf(source).graphData(scope, input),
  reldosagem: (source: ServiceSource, scope: OwnerScope, input: InputOf<DosingService['relatorio']>) => dosingServiceOf(source).relatorio(scope, input),
  getfumigacaodetalhe: (source: ServiceSource, scope: OwnerScope, input: InputOf<DosingService['grafico']>) => dosingServiceOf(source).grafico(scope, input),
  gethistoricopontocoleta: (source: ServiceSource, scope: OwnerScope, input: InputOf<CollectionHistoryService['history']>) =>
    collectionHistoryServiceOf(source).history(scope, input),
  gethistoricopontocoletagrafico: (source: ServiceSource, scope: OwnerScope, input: InputOf<CollectionHistoryService['chart']>) =>
    collectionHistoryServiceOf(source).chart(scope, input),
};

export type HeavyCallName = keyof typeof heavyCalls;

/**
 * Each call's 200 answer schema (the same as its route's): the worker serialises the answer with it,
 * so the request thread only sends a string instead of cloning, validating and stringifying a tree
 * (half a megabyte for a season's weight report).
 */
const heavyResponses = {
  avespesos: avesPesosResponse,
  resumo: resumoResponse,
  gettotaisselauto: totaisSelauto,
  usrstats: usrStats,
  getracao: racaoResponse,
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
type HeavyCall<Name extends HeavyCallName> = (typeof heavyCalls)[Name];
export type HeavyInput<Name extends HeavyCallName> = Parameters<HeavyCall<Name>>[2];
export type HeavyResult<Name extends HeavyCallName> = Awaited<ReturnType<HeavyCall<Name>>>;

export function isHeavyCallName(name: string): name is HeavyCallName {
  return Object.hasOwn(heavyCalls, name);
}

/** Runs one heavy call on a database and clock (a worker's own, or the request thread's). */
export function runHeavyCall<Name extends HeavyCallName>(source: ServiceSource, name: Name, scope: OwnerScope, input: HeavyInput<Name>): Promise<HeavyResult<Name>> {
  const call = heavyCalls[name] as (source: ServiceSource, scope: OwnerScope, input: HeavyInput<Name>) => Promise<HeavyResult<Name>>;
  return call(source, scope, input);
}
