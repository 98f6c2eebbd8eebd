import { describeProblem, networkProblem, problemOf, retryAfterSeconds } from './api-problem';

const answer = (status: number, headers: Record<string, string> = {}) => ({ status, headers: new Headers(headers) });

describe('API problems as a person reads them', () => {
  it('reads Retry-After as seconds or as a date, never below zero', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(retryAfterSeconds('12', now)).toBe(12);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 10:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds('soon', now)).toBeNull();
  });

  it('tells how long to wait after a 429', () => {
    const problem = problemOf(answer(429, { 'Retry-After': '12' }), {
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests',
    });
    expect(problem).toEqual({ kind: 'rate-limited', status: 429, message: 'Too many requests', retryAfterSeconds: 12 });
    expect(describeProblem(problem)).toBe('Too many requests at once. Please try again in 12 seconds.');
    expect(describeProblem({ kind: 'rate-limited', status: 429, message: '', retryAfterSeconds: 1 })).toBe(
      'Too many requests at once. Please try again in 1 second.',
    );
    expect(describeProblem(problemOf(answer(429)))).toBe('Too many requests at once. Please wait a moment and try again.');
  });

  it('names each kind of refusal in plain words, keeping the platform message where it helps', () => {
    const conflict = problemOf(answer(409), { statusCode: 409, error: 'Conflict', message: 'The evaluation is complete' });
    expect(describeProblem(conflict)).toBe(
      'This changed in the meantime (The evaluation is complete). The page now shows where it stands.',
    );
    expect(problemOf(answer(401)).kind).toBe('session-expired');
    expect(describeProblem(problemOf(answer(401)))).toBe('Your session has ended. Please sign in again.');
    expect(problemOf(answer(403)).kind).toBe('forbidden');
    expect(problemOf(answer(404)).kind).toBe('not-found');
    expect(describeProblem(problemOf(answer(400), { message: ['title must be shorter', 7] }))).toBe(
      'Please check your entry: title must be shorter.',
    );
    expect(problemOf(answer(502)).kind).toBe('unavailable');
    expect(problemOf(answer(500)).kind).toBe('unexpected');
    expect(describeProblem(networkProblem(new TypeError('Failed to fetch')))).toBe(
      'No connection to the server. Please check your internet connection and try again.',
    );
  });
});
