import {
  ALARMES_LIMITE,
  localMidnight,
  type Alarme,
  type AlarmeRegrasResponse,
  type AlarmesResponse,
  type alarmeAcaoBody,
  type getAlarmesQuery,
  type setAlarmeRegrasBody,
} from '@portal/shared';
import type { z } from 'zod';
import type { EventBus } from '../../events/index.js';
import { AppError } from '../../http/errors.js';
import type { AccountReads } from '../accounts/index.js';
import type { FarmsService } from '../farms/index.js';
import { inReach, reachesFarm, requireWholeAccount, type OwnerScope } from '../permissions/index.js';
import type { AlarmRow, AlarmsRepository } from './alarms.repository.js';
import { withDefaults } from './engine.js';
import type { RulesRepository } from './rules.repository.js';

type AlarmesQuery = z.output<typeof getAlarmesQuery>;
type AcaoBody = z.output<typeof alarmeAcaoBody>;
type RegrasBody = z.output<typeof setAlarmeRegrasBody>;

const DAY_MS = 86_400_000;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * getalarmes, ackalarme, clearalarme, getalarmeregras, setalarmeregras (docs/alarms.md). Reads
 * with any grant over the farms it reaches; acknowledging and clearing are operational acts any
 * grant reaching the alarm's farm may do; rules need a manage grant (the account's over the
 * whole account, a farm's over that farm).
 */
export function alarmsService(deps: {
  alarms: AlarmsRepository;
  rules: RulesRepository;
  farms: Pick<FarmsService, 'list' | 'get'>;
  accounts: Pick<AccountReads, 'userById' | 'timezoneOf'>;
  events: Pick<EventBus, 'emit'>;
  clock: () => number;
}) {
  const { alarms, rules, farms, accounts, events, clock } = deps;

  async function farmNames(scope: OwnerScope): Promise<Map<number, string>> {
    return new Map((await farms.list(scope)).map((farm) => [farm.id, farm.nome]));
  }

  /** Who acknowledged or cleared, by name (a user deleted since: null). */
  async function userNames(rows: readonly AlarmRow[]): Promise<Map<number, string>> {
    const ids = new Set(rows.flatMap((row) => [row.reconhecido_por, row.encerrado_por]).filter((id): id is number => id !== null));
    const users = await Promise.all([...ids].map(async (id) => [id, (await accounts.userById(id))?.name] as const));
    return new Map(users.filter((entry): entry is readonly [number, string] => entry[1] !== undefined));
  }

  function toAlarme(row: AlarmRow, farmsById: Map<number, string>, users: Map<number, string>): Alarme {
    const userName = (id: number | null) => (id === null ? null : (users.get(id) ?? null));
    return {
      id: row.id,
      tipo: row.tipo,
      severidade: row.severidade,
      estado: row.estado,
      nucleo_id: row.nucleo_id,
      nucleo_nome: row.nucleo_id === null ? null : (farmsById.get(row.nucleo_id) ?? null),
      alvo_tipo: row.alvo_tipo,
      alvo_id: row.alvo_id,
      alvo_nome: row.alvo_nome,
      detalhe: row.detalhe,
      aberto_em: new Date(row.aberto_em).toISOString(),
      atualizado_em: new Date(row.atualizado_em).toISOString(),
      reconhecido_em: iso(row.reconhecido_em),
      reconhecido_por: userName(row.reconhecido_por),
      obs: row.obs,
      encerrado_em: iso(row.encerrado_em),
      encerrado_por: userName(row.encerrado_por),
      lembretes: row.lembretes,
    };
  }

  async function present(scope: OwnerScope, row: AlarmRow): Promise<Alarme> {
    return toAlarme(row, await farmNames(scope), await userNames([row]));
  }

  /** The alarm `id` of the owner within the caller's farms, not yet encerrado; else NOT_FOUND / ALARM_CLOSED. */
  async function openAlarm(scope: OwnerScope, id: number): Promise<AlarmRow> {
    const row = inReach(scope, await alarms.find(scope.ownerId, id));
    if (row.estado === 'encerrado') throw new AppError('ALARM_CLOSED');
    return row;
  }

  /** After a person changed an alarm: the alarm as it is now, and the owner's tabs told. */
  async function changed(scope: OwnerScope, id: number): Promise<Alarme> {
    await events.emit('alarms.changed', { ownerId: scope.ownerId });
    const row = await alarms.find(scope.ownerId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return present(scope, row);
  }

  const service = {
    async list(scope: OwnerScope, query: AlarmesQuery): Promise<AlarmesResponse> {
      if (query.nucleo_id !== undefined && !reachesFarm(scope, query.nucleo_id)) throw new AppError('NOT_FOUND');
      const timezone = await accounts.timezoneOf(scope.ownerId);
      const rows = await alarms.list(scope.ownerId, {
        estado: query.estado,
        from: query.di === undefined ? undefined : localMidnight(query.di, timezone),
        to: query.df === undefined ? undefined : localMidnight(query.df, timezone) + DAY_MS,
        nucleos: query.nucleo_id === undefined ? scope.nucleos : [query.nucleo_id],
        limit: ALARMES_LIMITE,
      });
      const [farmsById, users, counts] = await Promise.all([farmNames(scope), userNames(rows), alarms.counts(scope.ownerId, scope.nucleos)]);
      return { alarmes: rows.map((row) => toAlarme(row, farmsById, users)), ...counts };
    },

    /** ackalarme: who, when, a note; acknowledging again replaces them. */
    async acknowledge(scope: OwnerScope, body: AcaoBody): Promise<Alarme> {
      const row = await openAlarm(scope, body.id);
      if (!(await alarms.acknowledge(scope.ownerId, row.id, scope.actorId, body.obs, clock()))) throw new AppError('ALARM_CLOSED');
      return changed(scope, row.id);
    },

    /** clearalarme: cleared by hand (encerrado_por the caller); the rule raises a new alarm if its condition still holds. */
    async clear(scope: OwnerScope, body: AcaoBody): Promise<Alarme> {
      const row = await openAlarm(scope, body.id);
      if ((await alarms.close([row.id], clock(), { userId: scope.actorId, obs: body.obs })) === 0) throw new AppError('ALARM_CLOSED');
      return changed(scope, row.id);
    },

    /** getalarmeregras: the account's rules and the farms (within the caller's reach) with their own. */
    async getRules(scope: OwnerScope): Promise<AlarmeRegrasResponse> {
      const stored = await rules.of(scope.ownerId);
      const account = stored.find((row) => row.nucleo_id === null);
      const farmsById = await farmNames(scope);
      const nucleos = stored.flatMap((row) =>
        row.nucleo_id !== null && farmsById.has(row.nucleo_id) ? [{ nucleo_id: row.nucleo_id, nome: farmsById.get(row.nucleo_id)!, regras: withDefaults(row.regras) }] : [],
      );
      return { padrao: withDefaults(account?.regras), personalizado: account !== undefined, nucleos };
    },

    /** setalarmeregras (the scope resolved for 'manage'): the account's rules need the whole account, a farm's that farm. */
    async setRules(scope: OwnerScope, body: RegrasBody): Promise<AlarmeRegrasResponse> {
      if (body.nucleo_id === null) requireWholeAccount(scope);
      // Another owner's farm, or one the grant does not reach: NOT_FOUND, as if it did not exist.
      else await farms.get(scope, body.nucleo_id);
      if (body.regras === null) await rules.remove(scope.ownerId, body.nucleo_id);
      else await rules.save(scope.ownerId, body.nucleo_id, body.regras, scope.actorId, clock());
      return service.getRules(scope);
    },
  };
  return service;
}
export type AlarmsService = ReturnType<typeof alarmsService>;
