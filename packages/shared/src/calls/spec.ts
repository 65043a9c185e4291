import { z } from 'zod';
import { deletedResponse, recordQuery } from '../schemas/records/common.js';

/**
 * What server and browser agree on for one call of the API (`/api/<name>`): the server registers
 * its route from it (validating body and query, serialising the answer, the OpenAPI document) and
 * the web client types and parses its calls with it. No codegen: the types come from the schemas.
 */
export interface CallSpec {
  readonly method: 'GET' | 'POST';
  /** The JSON body (or, with `upload`, the fields of the multipart form, documented only). */
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  /** The answer when the call succeeds. */
  readonly response: z.ZodType;
  /** The success status when it is not 200: 201 (created) or 204 (no content). */
  readonly status?: 201 | 204;
  /** Error answers that carry more than {code, message}, by status (the import's 422 preview). */
  readonly errorResponses?: { readonly [status: number]: z.ZodType };
  /** Called without a session (sign-up, sign-in, recovery): the client sends no token, the server asks for none. */
  readonly anonymous?: true;
  /** A file upload: the body is a multipart form the server reads as a stream. */
  readonly upload?: 'multipart/form-data';
  /** The call can also answer a file of this type instead of JSON (chosen by a query field). */
  readonly download?: 'text/csv';
}

type RecordFamilyCalls<R extends string, G extends string, D extends string, Body extends z.ZodType, DelBody extends z.ZodType, Rec extends z.ZodType, Saved extends z.ZodType> = {
  readonly [K in R]: { readonly method: 'POST'; readonly body: Body; readonly response: [Saved] extends [never] ? Rec : Saved };
} & {
  readonly [K in G]: { readonly method: 'GET'; readonly query: typeof recordQuery; readonly response: z.ZodUnion<[Rec, z.ZodArray<Rec>]> };
} & {
  readonly [K in D]: { readonly method: 'POST'; readonly body: DelBody; readonly response: typeof deletedResponse };
};

/** The names of a farm record's three calls (spec section 7): registerX (create with no id, update with id), getX[?id], delX. */
export interface RecordFamilyNames<R extends string, G extends string, D extends string> {
  register: R;
  get: G;
  del: D;
}

/**
 * The three calls every farm record has, declared the same way for all of them: getX answers one
 * record with ?id, else the list; delX takes {<idKey>, prop} and answers {ok, id}.
 */
export function recordFamily<R extends string, G extends string, D extends string, Body extends z.ZodType, DelBody extends z.ZodType, Rec extends z.ZodType, Saved extends z.ZodType = never>(
  names: RecordFamilyNames<R, G, D>,
  schemas: { body: Body; delBody: DelBody; record: Rec; /** The register answer when it differs from the record (a new key carries the key once). */ saved?: Saved },
  // NoInfer: the table's contextual type (any CallSpec) must not widen what the arguments say.
): RecordFamilyCalls<NoInfer<R>, NoInfer<G>, NoInfer<D>, NoInfer<Body>, NoInfer<DelBody>, NoInfer<Rec>, NoInfer<Saved>> {
  return {
    [names.register]: { method: 'POST', body: schemas.body, response: schemas.saved ?? schemas.record },
    [names.get]: { method: 'GET', query: recordQuery, response: z.union([schemas.record, z.array(schemas.record)]) },
    [names.del]: { method: 'POST', body: schemas.delBody, response: deletedResponse },
  } as RecordFamilyCalls<R, G, D, Body, DelBody, Rec, Saved>;
}
