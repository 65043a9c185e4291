import {
  ERROR_CODES,
  ERROR_MESSAGES,
  isErrorCode,
  type ApiErrorBody,
  type ErrorCode,
  type FieldError,
} from '@portal/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

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

/** Every error becomes {code, message, errors?}; only real server faults answer 500, and are logged. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds) reply.header('Retry-After', String(error.extra.retryAfterSeconds));
      return reply.status(error.status).send(error.body());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((entry) => toFieldError(entry, error.validationContext));
      request.log.info({ errors }, 'request rejected by validation');
      return reply.status(400).send(new AppError('VALIDATION_FAILED', { errors }).body());
    }
    const fastifyCode = 'code' in error ? FASTIFY_CODES[String(error.code)] : undefined;
    if (fastifyCode) {
      request.log.info({ code: (error as FastifyError).code }, error.message);
      return reply.status(ERROR_CODES[fastifyCode]).send(new AppError(fastifyCode).body());
    }
    const status = 'statusCode' in error ? Number(error.statusCode) : 500;
    if (status >= 400 && status < 500) {
      // Other client errors fastify raises itself (bad URL encoding, unsupported method…).
      request.log.info({ err: error }, 'client error');
      return reply.status(status).send({ code: 'BAD_REQUEST', message: error.message } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(new AppError('INTERNAL').body());
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(new AppError('NOT_FOUND').body());
  });
}
