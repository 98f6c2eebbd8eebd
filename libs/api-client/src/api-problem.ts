/**
 * What went wrong with a call, in the terms a page needs to tell a person: the kinds below, the
 * status, the platform's own message (`{statusCode, error, message}`), and for 429 how long to wait.
 */
export type ApiProblem =
  | { kind: 'rate-limited'; status: number; message: string; retryAfterSeconds: number | null }
  | {
      kind: 'conflict' | 'session-expired' | 'forbidden' | 'not-found' | 'invalid' | 'sign-in-again' | 'unavailable' | 'unexpected';
      status: number;
      message: string;
    }
  | { kind: 'network'; status: 0; message: string };

/**
 * Seconds to wait from a Retry-After header: delta-seconds, or an HTTP date (then relative to
 * `now`). Null when absent or unreadable; never negative.
 */
export function retryAfterSeconds(header: string | null | undefined, now: number = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function messageOf(body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body;
    if (typeof message === 'string') return message;
    if (Array.isArray(message)) return message.filter((part): part is string => typeof part === 'string').join('; ');
  }
  return '';
}

/** Classifies an answer that was not a success (`body` is its parsed error body, if any). */
export function problemOf(response: Pick<Response, 'status' | 'headers'>, body?: unknown, now: number = Date.now()): ApiProblem {
  const { status } = response;
  const message = messageOf(body);
  if (status === 429)
    return { kind: 'rate-limited', status, message, retryAfterSeconds: retryAfterSeconds(response.headers.get('Retry-After'), now) };
  if (status === 401) return { kind: 'session-expired', status, message };
  if (status === 403) return { kind: 'forbidden', status, message };
  if (status === 404) return { kind: 'not-found', status, message };
  if (status === 409) return { kind: 'conflict', status, message };
  if (status === 400 || status === 413 || status === 422) return { kind: 'invalid', status, message };
  if (status === 502 || status === 503 || status === 504) return { kind: 'unavailable', status, message };
  return { kind: 'unexpected', status, message };
}

/** A call that never got an answer: offline, DNS, refused connection, CORS refusal. */
export function networkProblem(error: unknown): ApiProblem {
  return { kind: 'network', status: 0, message: error instanceof Error ? error.message : String(error) };
}

/** The sentence a person reads for a problem. */
export function describeProblem(problem: ApiProblem): string {
  switch (problem.kind) {
    case 'rate-limited':
      return problem.retryAfterSeconds === null
        ? 'Too many requests at once. Please wait a moment and try again.'
        : `Too many requests at once. Please try again in ${problem.retryAfterSeconds} ${problem.retryAfterSeconds === 1 ? 'second' : 'seconds'}.`;
    case 'conflict':
      return `This changed in the meantime${problem.message ? ` (${problem.message})` : ''}. The page now shows where it stands.`;
    case 'session-expired':
      return 'Your session has ended. Please sign in again.';
    case 'sign-in-again':
      return 'That code can no longer be used. Please ask for a new code.';
    case 'forbidden':
      return 'You do not have access to this. If you followed a link from an e-mail, sign in with the address it was sent to.';
    case 'not-found':
      return 'This could not be found. The link may be incomplete or the item may have been removed.';
    case 'invalid':
      return problem.message ? `Please check your entry: ${problem.message}.` : 'Please check your entry.';
    case 'unavailable':
      return 'The service is not reachable at the moment. Please try again in a little while.';
    case 'network':
      return 'No connection to the server. Please check your internet connection and try again.';
    case 'unexpected':
      return 'Something went wrong on our side. Please try again; if it keeps happening, contact support.';
  }
}
