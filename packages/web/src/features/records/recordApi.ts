import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCalls, type ApiCalls, type CallAnswer, type CallBody, type CallName, type CallSpec, type DeletedResponse } from '@portal/shared';
import type { z } from 'zod';
import { call, callList, callOne, type RecordGetName } from '../../api/client';
import { useOwner } from './owner';

/**
 * The calls every farm record has (spec section 7), named in the call table, which types them:
 *   GET  <get>?prop=        → list          GET <get>?id=&prop= → one
 *   POST <register> {…, id?, prop?}        → the saved record (create without id, update with it)
 *   POST <del> {<idKey>, prop?}            → {ok: true, id}
 * `prop` is the owner acted for (see owner.ts); undefined acts for oneself.
 */
type RecordOf<G extends RecordGetName> = Exclude<CallAnswer<G>, readonly unknown[]>;
type BodySchemaOf<N extends CallName> = ApiCalls[N] extends { body: infer B extends z.ZodType } ? B : never;
/** A save call of record G: its answer is G's record (or more: a new key carries the key once). */
type SaveName<G extends RecordGetName> = { [N in CallName]: [BodySchemaOf<N>] extends [never] ? never : CallAnswer<N> extends RecordOf<G> ? N : never }[CallName];
/** What a save answers (a record: SaveName admits only calls answering one). */
type SavedOf<N extends CallName> = Extract<CallAnswer<N>, { id: number }>;
type DeleteName = { [N in CallName]: CallAnswer<N> extends DeletedResponse ? N : never }[CallName];

export interface RecordApiConfig<G extends RecordGetName, R extends SaveName<G>, D extends DeleteName, U extends SaveName<G>> {
  /** Names the record in query keys and logs, e.g. 'nucleo'. */
  name: string;
  get: G;
  register: R;
  /** When updates have their own call (updatedevice); else register does both. */
  update?: U;
  del: D;
  /** The id field of the delete body: idnucleo, idlote … */
  idKey: Exclude<keyof CallBody<D>, 'prop'>;
}

/** What a save sends: the body without the two fields the helper adds itself. */
export type RecordBody<B extends z.ZodType> = Omit<z.input<B>, 'id' | 'prop'>;

/** `Saved`: what a save answers, when it says more than the record (a new key, a device's new secret). */
export interface RecordApi<T extends { id: number }, B extends z.ZodType, Saved extends { id: number } = T> {
  name: string;
  /** The register body's schema (from the call table); forms validate with it before sending. */
  body: B;
  list: (prop?: number) => Promise<T[]>;
  get: (id: number, prop?: number) => Promise<T>;
  /** Creates without `id`, updates with it. */
  save: (body: RecordBody<B>, id: number | undefined, prop?: number) => Promise<Saved>;
  remove: (id: number, prop?: number) => Promise<DeletedResponse>;
  /** The record alone out of a save's answer: what is shown once (a new key, a signing secret) is left out of the cache. */
  recordOf: (saved: Saved) => T;
  /** Query keys: everything of this record, its lists, one record. */
  keys: {
    all: readonly unknown[];
    list: (prop?: number) => readonly unknown[];
    one: (id: number, prop?: number) => readonly unknown[];
  };
}

/**
 * The save and delete calls of any record, with the body as the record's form builds it: the config's
 * names and idKey are checked against the call table above, these two only send.
 */
const sendRecordCall = call as (name: CallName, options: { body: object }) => Promise<unknown>;

/** Builds the typed calls of one record, e.g. `recordApi({ name: 'nucleo', get: 'getnucleo', … })`. */
export function recordApi<G extends RecordGetName, R extends SaveName<G>, D extends DeleteName, U extends SaveName<G> = R>(
  config: RecordApiConfig<G, R, D, U>,
): RecordApi<RecordOf<G>, BodySchemaOf<R>, SavedOf<R | U>> {
  // `prop` is left out (not sent as undefined) when acting for oneself.
  const withProp = <V extends object>(value: V, prop?: number) => (prop === undefined ? value : { ...value, prop });
  const owner = (prop?: number) => prop ?? 'self';
  const register: CallSpec = apiCalls[config.register];
  // The get call answers the record or a list of them: the record's object schema drops unknown keys.
  const recordSchema = (apiCalls[config.get].response as z.ZodUnion<[z.ZodType, z.ZodType]>).options[0];
  return {
    name: config.name,
    body: register.body as BodySchemaOf<R>,
    list: async (prop) => (await callList(config.get, prop)) as RecordOf<G>[],
    get: (id, prop) => callOne(config.get, id, prop),
    save: async (body, id, prop) => {
      const name = id !== undefined && config.update ? config.update : config.register;
      return (await sendRecordCall(name, { body: withProp(id === undefined ? body : { ...body, id }, prop) })) as SavedOf<R | U>;
    },
    remove: async (id, prop) => (await sendRecordCall(config.del, { body: withProp({ [config.idKey]: id }, prop) })) as DeletedResponse,
    recordOf: (saved) => recordSchema.parse(saved) as RecordOf<G>,
    keys: {
      all: [config.name],
      list: (prop) => [config.name, 'list', owner(prop)],
      one: (id, prop) => [config.name, 'one', owner(prop), id],
    },
  };
}

/** The records of the owner acted for; waits until the owner is known. */
export function useRecordList<T extends { id: number }, B extends z.ZodType>(api: RecordApi<T, B>) {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: api.keys.list(prop),
    queryFn: () => api.list(prop),
    enabled: ready,
  });
}

/** One record by id (null: no valid id in the url, nothing is asked). */
export function useRecord<T extends { id: number }, B extends z.ZodType>(api: RecordApi<T, B>, id: number | null) {
  const { prop, ready } = useOwner();
  return useQuery({
    queryKey: api.keys.one(id ?? 0, prop),
    queryFn: () => api.get(id ?? 0, prop),
    enabled: ready && id !== null,
  });
}

/**
 * Saves (creates or updates) a record of the owner acted for. The saved record replaces the
 * cached one and the lists are asked again, so going back to the list shows the change.
 */
export function useSaveRecord<T extends { id: number }, B extends z.ZodType>(api: RecordApi<T, B>) {
  const { prop } = useOwner();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: { body: RecordBody<B>; id?: number }) => api.save(body, id, prop),
    onSuccess: async (saved) => {
      queryClient.setQueryData(api.keys.one(saved.id, prop), api.recordOf(saved));
      await queryClient.invalidateQueries({ queryKey: [api.name, 'list'] });
    },
  });
}

/** Deletes a record of the owner acted for; use it inside useConfirmDelete's onConfirm. */
export function useRemoveRecord<T extends { id: number }, B extends z.ZodType>(api: RecordApi<T, B>) {
  const { prop } = useOwner();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.remove(id, prop),
    // The record's own query is left alone: the detail page still shows it until the dialog leads
    // away (dropping it here would refetch it, 404 and flash 'not found'). Opened again, it is
    // asked again and then shows as not found.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [api.name, 'list'] }),
  });
}
