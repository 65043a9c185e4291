import {
  ERROR_CODES,
  ERROR_MESSAGES,
  isErrorCode,
  type ApiErrorBody,
  type ErrorCode,
  type FieldError,
} from '@portal/shared';
import type { ConnectionError, FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { isDatabaseUnavailable } from '../db/dialect.js';

/** An error the client caused or may see: answered with its code's status and body. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly extra: { errors?: FieldError[]; retryAfterSeconds?: number } = {},
  ) {
    super(ERROR_MESSAGES[code]);
    this.status = ERROR_CODES[code];
  }

  /** An error about one field: its code is both the answer's and the field entry's. */
  static field(field: string, code: ErrorCode): AppError {
    return new AppError(code, { errors: [fieldError(field, code)] });
  }

  body(): ApiErrorBody {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

export const fieldError = (field: string, code: ErrorCode): FieldError => ({ code, msg: ERROR_MESSAGES[code], field });

interface ValidationEntry {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: { errors?: unknown };
}

interface ZodIssue {
  code: string;
  path: PropertyKey[];
  message?: string;
  errors?: unknown;
}

/**
 * A body that may take two shapes (devupdt: the bare list or {prop, dispositivos}) and fits neither:
 * the faults of the shape the input has, so the client reads "dispositivos.0.modelo", not "body".
 * When no alternative has the input's shape, the body as a whole is of the wrong type.
 */
function unionFaults(entry: ValidationEntry): ValidationEntry[] {
  if (entry.keyword !== 'invalid_union' || !Array.isArray(entry.params?.errors)) return [entry];
  const alternatives = entry.params.errors as ZodIssue[][];
  const wrongShape = (issues: ZodIssue[]) => issues.length === 1 && issues[0]!.code === 'invalid_type' && issues[0]!.path.length === 0;
  const fitting = alternatives.filter((issues) => !wrongShape(issues));
  if (fitting.length === 0) return [{ ...entry, keyword: 'invalid_type' }];
  if (fitting.length > 1) return [entry];
  const base = entry.instancePath === '/' ? '' : entry.instancePath;
  return fitting[0]!.flatMap((issue) =>
    unionFaults({ keyword: issue.code, instancePath: `${base}/${issue.path.join('/')}`, message: issue.message, params: { errors: issue.errors } }),
  );
}

/** Zod issues carry error codes as messages (see shared schemas); anything else gets a generic code. */
function toFieldError(entry: ValidationEntry, context: string | undefined): FieldError {
  const field = entry.instancePath.replace(/^\//, '').replaceAll('/', '.') || (context === 'body' ? 'body' : context ?? '');
  if (isErrorCode(entry.message)) return fieldError(field, entry.message);
  // No body (or not an object) where one is required.
  if (!entry.instancePath.replace('/', '') && entry.keyword === 'invalid_type') return fieldError(field, 'FIELD_REQUIRED');
  const code: ErrorCode =
    entry.keyword === 'too_small' ? 'FIELD_TOO_SHORT' : entry.keyword === 'too_big' ? 'FIELD_TOO_LONG' : 'FIELD_INVALID';
  return fieldError(field, code);
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_JSON',
};

/** The 4xx status an error carries when the framework marked it as the client's fault. */
function clientFaultStatus(error: Error): number | undefined {
  const status = 'statusCode' in error ? Number(error.statusCode) : NaN;
  return status >= 400 && status < 500 ? status : undefined;
}

/** Seconds a client is asked to wait before retrying a call the database could not serve. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Every error becomes {code, message, errors?}; only real server faults answer 500, and are logged. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds) reply.header('Retry-After', String(error.extra.retryAfterSeconds));
      return reply.status(error.status).send(error.body());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.flatMap(unionFaults).map((entry) => toFieldError(entry, error.validationContext));
      request.log.debug({ errors }, 'request rejected by validation');
      return reply.status(400).send(new AppError('VALIDATION_FAILED', { errors }).body());
    }
    // A client that hangs up mid-body raises ECONNRESET too, marked as its own fault (4xx).
    if (clientFaultStatus(error) === undefined && isDatabaseUnavailable(error)) {
      // Nothing was stored (the statement failed), so the client may simply retry.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(new AppError('DATABASE_UNAVAILABLE').body());
    }
    const fastifyCode = 'code' in error ? FASTIFY_CODES[String(error.code)] : undefined;
    if (fastifyCode) {
      request.log.debug({ code: (error as FastifyError).code }, error.message);
      return reply.status(ERROR_CODES[fastifyCode]).send(new AppError(fastifyCode).body());
    }
    if (clientFaultStatus(error) !== undefined) return frameworkError(error, request, reply);
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(new AppError('INTERNAL').body());
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(new AppError('NOT_FOUND').body());
  });
}

/**
 * Client errors Fastify raises before a route runs (a bad URL encoding, a parameter too long):
 * the Fastify option `frameworkErrors`, and the error handler's fallback for other 4xx.
 */
export function frameworkError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const status = clientFaultStatus(error) ?? 400;
  request.log.debug({ err: error }, 'client error');
  return reply.status(status).send({ code: 'BAD_REQUEST', message: ERROR_MESSAGES.BAD_REQUEST } satisfies ApiErrorBody);
}

/** Requests without a Host header (HTTP/1.1 requires one) get the same error body as any other. */
export function requireHostHeader(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  if (request.raw.httpVersion === '1.1' && !request.headers.host) {
    reply.status(400).send({ code: 'BAD_REQUEST', message: 'The request has no Host header.' } satisfies ApiErrorBody);
    return;
  }
  done();
}

/** A request line longer than this (of a request too large overall) is answered 414, not 431. */
const LONGEST_REQUEST_LINE = 8 * 1024;

function clientErrorCode(error: ConnectionError): ErrorCode {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT') return 'REQUEST_TIMEOUT';
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // Node hands the bytes read so far; its declared type is the JSON form of a Buffer.
    const packet = error.rawPacket as unknown as Buffer | undefined;
    const lineEnd = Buffer.isBuffer(packet) ? packet.indexOf('\r\n') : -1;
    return lineEnd === -1 || lineEnd > LONGEST_REQUEST_LINE ? 'URI_TOO_LONG' : 'HEADERS_TOO_LARGE';
  }
  return 'BAD_REQUEST';
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (malformed request line or headers,
 * headers too large, timeouts): answered with the usual {code, message} body, then closed.
 */
export function clientErrorHandler(log: FastifyBaseLogger) {
  return (error: ConnectionError, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const code = clientErrorCode(error);
    const status = ERROR_CODES[code];
    const body = JSON.stringify(new AppError(code).body());
    log.debug({ code: error.code, status }, 'malformed request refused by the HTTP parser');
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        'Cache-Control: no-store\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  };
}
