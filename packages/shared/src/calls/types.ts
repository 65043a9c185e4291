import type { z } from 'zod';
import type { apiCalls } from './table.js';

export type ApiCalls = typeof apiCalls;
export type CallName = keyof ApiCalls;

/** The calls answering a file as well as JSON (`v2/resumo?tipo=csv`). */
export type DownloadCallName = { [N in CallName]: ApiCalls[N] extends { download: string } ? N : never }[CallName];

/** What a caller sends as the body of `N` (the schema's input: defaults and transforms are the server's). */
export type CallBody<N extends CallName> = ApiCalls[N] extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/**
 * What a caller sends as the query of `N`: the fields of the schema, each with the value the
 * server reads (a query string carries text, which the schema coerces back to numbers).
 */
export type CallQuery<N extends CallName> = ApiCalls[N] extends { query: infer Q extends z.ZodType } ? QueryFields<Q> : never;

type QueryFields<Q extends z.ZodType> = { [K in keyof z.input<Q>]: K extends keyof z.output<Q> ? z.output<Q>[K] : never };

/** The parsed success answer of `N`. */
export type CallAnswer<N extends CallName> = z.output<ApiCalls[N]['response']>;
