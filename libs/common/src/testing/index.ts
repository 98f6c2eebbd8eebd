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
  };
}
