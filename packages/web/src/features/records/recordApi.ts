import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deletedResponse, type DeletedResponse } from '@portal/shared';
import type { z } from 'zod';
import { apiRequest, type Schema } from '../../api/client';
import { useOwner } from './owner';

/**
 * The calls every farm record has (spec section 7), typed by its shared schemas:
 *   GET  <get>?prop=        → list          GET <get>?id=&prop= → one
 *   POST <register> {…, id?, prop?}        → the saved record (create without id, update with it)
 *   POST <del> {<idKey>, prop?}            → {ok: true, id}
 * `prop` is the owner acted for (see owner.ts); undefined acts for oneself.
 */
export interface RecordApiConfig<T extends { id: number }, B extends z.ZodType> {
  /** Names the record in query keys and logs, e.g. 'nucleo'. */
  name: string;
  get: string;
  register: string;
  /** When updates have their own call (updatedevice); else register does both. */
  update?: string;
  del: string;
  /** The id field of the delete body: idnucleo, idlote … */
  idKey: string;
  one: Schema<T>;
  list: Schema<T[]>;
  /** The register body's schema; forms validate with it before sending. */
  body: B;
}

/** What a save sends: the body without the two fields the helper adds itself. */
export type RecordBody<B extends z.ZodType> = Omit<z.input<B>, 'id' | 'prop'>;

export interface RecordApi<T extends { id: number }, B extends z.ZodType> {
  name: string;
  body: B;
  list: (prop?: number) => Promise<T[]>;
  get: (id: number, prop?: number) => Promise<T>;
  /** Creates without `id`, updates with it. */
  save: (body: RecordBody<B>, id: number | undefined, prop?: number) => Promise<T>;
  remove: (id: number, prop?: number) => Promise<DeletedResponse>;
  /** Query keys: everything of this record, its lists, one record. */
  keys: {
    all: readonly unknown[];
    list: (prop?: number) => readonly unknown[];
    one: (id: number, prop?: number) => readonly unknown[];
  };
}

/** Builds the typed calls of one record, e.g. `recordApi({ name: 'nucleo', get: 'getnucleo', … })`. */
export function recordApi<T extends { id: number }, B extends z.ZodType>(config: RecordApiConfig<T, B>): RecordApi<T, B> {
  // `prop` is left out (not sent as undefined) when acting for oneself.
  const withProp = <V extends object>(value: V, prop?: number) => (prop === undefined ? value : { ...value, prop });
  const owner = (prop?: number) => prop ?? 'self';
  return {
    name: config.name,
    body: config.body,
    list: (prop) => apiRequest(config.get, { query: { prop }, schema: config.list }),
    get: (id, prop) => apiRequest(config.get, { query: { id, prop }, schema: config.one }),
    save: (body, id, prop) =>
      apiRequest(id !== undefined && config.update ? config.update : config.register, {
        method: 'POST',
        body: withProp(id === undefined ? body : { ...body, id }, prop),
        schema: config.one,
      }),
    remove: (id, prop) =>
      apiRequest(config.del, { method: 'POST', body: withProp({ [config.idKey]: id }, prop), schema: deletedResponse }),
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
      queryClient.setQueryData(api.keys.one(saved.id, prop), saved);
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
