import type { ApiCallEntry } from '../request-log/api-call-entry';

/** An API-call log entry as the hooks build it: a GET answered 200 in 5 ms, from the given caller. */
export function apiCallEntry(startTime: Date, callerApp: string, deviceType: ApiCallEntry['deviceType']): ApiCallEntry {
  return {
    service: 'profile',
    startTime,
    endTime: new Date(startTime.getTime() + 5),
    processingTime: 5,
    method: 'GET',
    url: '/profile/teammate',
    httpVersion: '1.1',
    statusCode: 200,
    remoteAddress: '198.51.100.4',
    remoteFamily: 'IPv4',
    callerApp,
    deviceType,
    rawHeaders: [],
    body: null,
    params: {},
    query: {},
    callerKind: null,
    callerId: null,
  };
}

/** The public methods and fields of a class: what an in-memory fake of it implements. */
export type PublicSurface<T> = { [K in keyof T]: T[K] };

/**
 * Hands a fake to a constructor typed with the real class. A class with private fields is
 * nominal in TypeScript, so a plain class implementing its whole public surface is not accepted
 * where the class is expected; going through this generic is. `implements PublicSurface<Real>`
 * keeps the fake in step with the real class.
 */
export function asReal<T>(fake: PublicSurface<T>): T {
  return fake;
}

/**
 * Resolves once this machine's clock has passed `timestamp` (a row's ISO time, milliseconds):
 * a write made afterwards gets a later time. Waits on the clock itself, not for a fixed time.
 */
export async function clockPast(timestamp: string | Date): Promise<void> {
  const time = new Date(timestamp).getTime();
  if (Number.isNaN(time)) throw new Error(`not a time: ${String(timestamp)}`);
  while (Date.now() <= time) await new Promise((resolve) => setTimeout(resolve, 1));
}
