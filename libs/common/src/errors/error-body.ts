import { HttpException } from '@nestjs/common';
import { STATUS_CODES } from 'node:http';
import { BODY_REFUSED } from '../http/body-shape';
import { isDatabaseUnavailable } from '@teamfit/database';
import { DomainError, type DomainErrorCode } from './domain-error';

/** The platform error body (docs/contract.md, "Errors"); `errorId` only on 5xx, to find the log line. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errorId?: string;
}

const STATUS_BY_CODE: Record<DomainErrorCode, number> = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  upstream_failed: 502,
  unavailable: 503,
};

/** PostgreSQL SQLSTATEs that are the caller's fault, not ours. */
const POSTGRES_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'A record with the same unique value already exists' },
  '23503': { status: 409, message: 'The record refers to, or is referred to by, another record' },
  // ON DELETE RESTRICT raises restrict_violation rather than foreign_key_violation.
  '23001': { status: 409, message: 'The record is still referred to by another record' },
  '22P02': { status: 400, message: 'A value has an invalid format' },
  '22001': { status: 400, message: 'A value is too long' },
  // A NUL character in a text from a source no field rule covers (PostgreSQL cannot store it).
  '22021': { status: 400, message: 'A value contains a character that cannot be stored' },
  // numeric_value_out_of_range: DTOs cap int4 fields; this covers any that a rule still misses.
  '22003': { status: 400, message: 'A number is out of range' },
};

export const INTERNAL_ERROR_MESSAGE = 'An unexpected error occurred';
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable; please retry shortly';

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/**
 * Maps anything thrown while serving a request to a status and platform body. Unknown errors
 * become 500 with a fixed message: no stack traces, SQL or internals leave the service.
 */
export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof DomainError) {
    return errorBody(STATUS_BY_CODE[exception.code], exception.message);
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    return errorBody(status, messageOf(response) ?? exception.message);
  }
  const parserError = bodyParserError(exception) ?? frameworkError(exception);
  if (parserError) return parserError;
  // Before the SQLSTATE table: a lost connection is nobody's input error.
  if (isDatabaseUnavailable(exception)) return errorBody(503, DATABASE_UNAVAILABLE_MESSAGE);
  const postgres = postgresError(exception);
  if (postgres) return errorBody(postgres.status, postgres.message);
  return errorBody(500, INTERNAL_ERROR_MESSAGE);
}

function messageOf(response: string | object): string | undefined {
  if (typeof response === 'string') return response;
  const message: unknown = (response as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return message.map(String).join('; ');
  return undefined;
}

/** Errors raised while reading a body (see http/request-body.ts) carry a `type` and a 4xx `status`. */
function bodyParserError(exception: unknown): ErrorBody | undefined {
  if (typeof exception !== 'object' || exception === null) return undefined;
  const { type, status } = exception as { type?: unknown; status?: unknown };
  if (type === 'entity.parse.failed') return errorBody(400, 'The request body is not valid JSON');
  if (type === 'entity.too.large') return errorBody(413, 'The request body is too large');
  // The refusal names the field (body-shape.ts), shortened field names included.
  if (type === BODY_REFUSED && status === 400) return errorBody(400, String((exception as { message?: unknown }).message));
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return errorBody(415, 'The request body encoding is not supported');
  }
  if (typeof type === 'string' && typeof status === 'number' && status >= 400 && status < 500) {
    return errorBody(status, 'The request body could not be read');
  }
  return undefined;
}

/** Fastify's own 4xx refusals (FST_ERR_… codes with a `statusCode`), should one get through. */
function frameworkError(exception: unknown): ErrorBody | undefined {
  if (typeof exception !== 'object' || exception === null) return undefined;
  const { code, statusCode } = exception as { code?: unknown; statusCode?: unknown };
  if (typeof code !== 'string' || !code.startsWith('FST_') || typeof statusCode !== 'number' || statusCode < 400 || statusCode >= 500)
    return undefined;
  if (statusCode === 413) return errorBody(413, 'The request body is too large');
  if (code.startsWith('FST_ERR_CTP_')) return errorBody(statusCode, 'The request body could not be read');
  return errorBody(
    statusCode,
    (exception as { message?: unknown }).message === undefined ? 'Bad request' : String((exception as { message?: unknown }).message),
  );
}

/** The PostgreSQL error behind an exception: Drizzle wraps driver errors, so look at the causes too. */
export function postgresErrorOf(exception: unknown): { code: string; constraint?: string } | undefined {
  let current: unknown = exception;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return typeof constraint === 'string' ? { code, constraint } : { code };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function postgresError(exception: unknown): { status: number; message: string } | undefined {
  const code = postgresErrorOf(exception)?.code;
  return code === undefined ? undefined : POSTGRES_CLIENT_ERRORS[code];
}
