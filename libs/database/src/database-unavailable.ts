/**
 * Whether an error means the database could not be reached or went away mid-request (a restart,
 * a crash, a failover) rather than refusing what the request asked: such a request may succeed
 * if retried shortly, so it is answered 503 with Retry-After, never 500.
 */
export function isDatabaseUnavailable(exception: unknown): boolean {
  let current: unknown = exception;
  // Drizzle wraps driver errors (DrizzleQueryError.cause); look a few causes down.
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if (isConnectionFailure(current)) return true;
    current = (current as ErrorLike).cause;
  }
  return false;
}

interface ErrorLike {
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
  cause?: unknown;
}

/**
 * SQLSTATEs of a server that is shutting down or starting (class 57P: admin_shutdown,
 * crash_shutdown, cannot_connect_now), of a broken connection (class 08), and of a server out of
 * connection slots (53300): none says anything about the request.
 */
const UNAVAILABLE_SQLSTATE = /^(57P0[1-3]|08[0-9A-Z]{3}|53300)$/;

/** Socket failures while connecting to, or talking with, the server (TCP or Unix socket). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * node-postgres reports a lost connection, a connect timeout and the pool's own connect timeout
 * as plain errors with these messages (pg 8 / pg-pool 3), without a code.
 */
const DRIVER_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function isConnectionFailure(error: ErrorLike): boolean {
  const { code, syscall, message } = error;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATE.test(code)) return true;
    if (SOCKET_CODES.has(code)) return true;
    // A Unix socket whose server is down has no socket file: ENOENT, but only from connect().
    if (code === 'ENOENT' && syscall === 'connect') return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((known) => message.startsWith(known));
}
