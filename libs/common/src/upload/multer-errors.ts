import { BadRequestException, HttpException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';

/** multer's error codes whose messages are the client's fault (400). */
const BAD_REQUEST_CODES = new Set([
  'LIMIT_PART_COUNT',
  'LIMIT_FILE_COUNT',
  'LIMIT_FIELD_KEY',
  'LIMIT_FIELD_VALUE',
  'LIMIT_FIELD_COUNT',
  'LIMIT_UNEXPECTED_FILE',
  'MISSING_FIELD_NAME',
  'LIMIT_FIELD_NESTING',
  'LIMIT_FIELD_ARRAY_INDEX',
  'INVALID_FIELD_NAME',
]);

/** busboy's messages for a malformed body, answered as "Multipart: <message>". */
const MALFORMED_MULTIPART = new Set(['Malformed part header', 'Unexpected end of form', 'Unexpected end of file']);

/**
 * multer's and busboy's failures as the HTTP errors clients have always received: a file over
 * the limit is 413, a limit or a malformed body 400. Anything else (a storage engine's own error,
 * a DomainError, the client going away) is passed on unchanged.
 */
export function multerErrorToHttp(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof HttpException) return error;
  const { code, field } = error as Error & { code?: unknown; field?: unknown };
  const options = { cause: error };
  if (code === 'LIMIT_FILE_SIZE') return new PayloadTooLargeException(error.message, options);
  if (typeof code === 'string' && BAD_REQUEST_CODES.has(code)) {
    return new BadRequestException(typeof field === 'string' && field !== '' ? `${error.message} - ${field}` : error.message, options);
  }
  if (error.message === 'Multipart: Boundary not found') return new BadRequestException(error.message, options);
  if (MALFORMED_MULTIPART.has(error.message)) return new BadRequestException(`Multipart: ${error.message}`, options);
  if (error.message.startsWith('Unsupported content type')) return new UnsupportedMediaTypeException('Unsupported content type', options);
  return error;
}
