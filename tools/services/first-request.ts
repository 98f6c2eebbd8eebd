import { subscribe, unsubscribe } from 'node:diagnostics_channel';

/**
 * Runs `action` once, `delayMs` after the process's HTTP server began answering its first request
 * (the runner's or the orchestrator's readiness probe): by then the start is over. The timer does
 * not keep the process alive.
 */
export function afterFirstRequest(delayMs: number, action: () => void): void {
  const onRequest = () => {
    unsubscribe('http.server.request.start', onRequest);
    setTimeout(action, delayMs).unref();
  };
  subscribe('http.server.request.start', onRequest);
}
