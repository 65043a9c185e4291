import type { ErrorCode } from '@portal/shared';
import { isDatabaseUnavailable } from '../db/dialect.js';
import { AppError, DATABASE_RETRY_AFTER_SECONDS } from '../http/errors.js';
import type { OwnerScope } from '../modules/permissions/index.js';
import type { HeavyCallName } from './heavy-calls.js';

/** One heavy call sent to a worker: the scope was resolved on the request thread; `now` is the request's clock. */
export interface HeavyTask {
  name: HeavyCallName;
  scope: OwnerScope;
  input: unknown;
  now: number;
  /** 'json': the answer comes back serialised by its route's schema (heavyAnswerJson); 'value': as data. */
  answer: 'json' | 'value';
}

/**
 * Why a heavy call failed, as plain data: an Error loses its class and fields on its way back
 * from a worker (structured clone), so the worker says which kind it was and the request thread
 * raises the same answer an inline call would have given.
 */
export type TaskFailure =
  | { kind: 'app'; code: ErrorCode; extra: AppError['extra'] }
  | { kind: 'unavailable'; message: string }
  | { kind: 'internal'; name: string; message: string; stack?: string | undefined };

export type TaskOutcome = { ok: true; value: unknown } | { ok: false; failure: TaskFailure };

/** In the worker: what a thrown error becomes. */
export function failureOf(error: unknown): TaskFailure {
  if (error instanceof AppError) return { kind: 'app', code: error.code, extra: error.extra };
  const message = error instanceof Error ? error.message : String(error);
  if (isDatabaseUnavailable(error)) return { kind: 'unavailable', message };
  return { kind: 'internal', name: error instanceof Error ? error.name : 'Error', message, stack: error instanceof Error ? error.stack : undefined };
}

/** A report worker's database could not be reached: the client may retry, as for the request thread's. */
export class WorkerDatabaseUnavailable extends AppError {
  constructor(readonly workerMessage: string) {
    super('DATABASE_UNAVAILABLE', { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
  }
}

/** On the request thread: the error the call answers with (an AppError keeps its code and status; anything else is a 500). */
export function errorOf(failure: TaskFailure): Error {
  if (failure.kind === 'app') return new AppError(failure.code, failure.extra);
  if (failure.kind === 'unavailable') return new WorkerDatabaseUnavailable(failure.message);
  const error = new Error(`report worker: ${failure.message}`);
  error.name = failure.name;
  if (failure.stack) error.stack = `${error.name}: ${error.message}\n--- in the report worker ---\n${failure.stack}`;
  return error;
}
