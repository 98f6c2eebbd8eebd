import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { type CheckedTarget, checkTarget, TargetRefused, type TargetPolicy } from './webhook-target';

/** Each attempt ends within this, connecting, TLS and the answer's head included. */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** What one attempt came to; any 2xx is delivered, nothing else is (a redirect is not followed). */
export interface AttemptOutcome {
  succeeded: boolean;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
}

export interface OutgoingRequest {
  url: string;
  method: 'POST' | 'PATCH';
  headers: Record<string, string>;
  /** Absent: a body-less request (a callback). */
  body?: string;
}

/**
 * Sends one attempt. The target is checked first (docs/adr/0087-webhook-targets-and-signing.md)
 * and the connection goes to the very address that was checked: the request's own name lookup is
 * answered with it, so TLS still verifies the certificate for the URL's host name. Only the
 * answer's status line and headers are read; its body is never read, so a large or endless body
 * costs nothing, and the socket is closed right away (no connection is kept alive).
 */
export async function sendAttempt(outgoing: OutgoingRequest, policy: TargetPolicy): Promise<AttemptOutcome> {
  const started = performance.now();
  const duration = () => Math.round(performance.now() - started);
  let target: CheckedTarget;
  try {
    target = await checkTarget(outgoing.url, policy);
  } catch (error) {
    const reason = error instanceof TargetRefused ? `refused: ${error.message}` : `refused: ${(error as Error).message}`;
    return { succeeded: false, responseStatus: null, durationMs: duration(), error: reason };
  }
  try {
    const status = await exchange(target, outgoing);
    const succeeded = status >= 200 && status < 300;
    const error = succeeded
      ? null
      : status >= 300 && status < 400
        ? `answered ${status}, a redirect, which is not followed`
        : `answered ${status}, not a 2xx`;
    return { succeeded, responseStatus: status, durationMs: duration(), error };
  } catch (error) {
    return { succeeded: false, responseStatus: null, durationMs: duration(), error: (error as Error).message };
  }
}

function exchange(target: CheckedTarget, outgoing: OutgoingRequest): Promise<number> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  const body = outgoing.body === undefined ? undefined : Buffer.from(outgoing.body);
  return new Promise<number>((resolve, reject) => {
    const request = send(target.url, {
      method: outgoing.method,
      agent: false,
      lookup: pinned,
      headers: { ...outgoing.headers, 'content-length': String(body?.length ?? 0), connection: 'close' },
    });
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`)), ATTEMPT_TIMEOUT_MS);
    request.once('response', (response: IncomingMessage) => {
      clearTimeout(timer);
      const status = response.statusCode ?? 0;
      response.destroy();
      request.destroy();
      resolve(status);
    });
    request.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}
