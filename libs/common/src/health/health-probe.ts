import { get } from 'node:http';

/** Liveness: the process answers. Readiness: it also reaches its database. */
export const LIVENESS_PATH = '/health';
export const READINESS_PATH = '/health/ready';

/**
 * Whether the service on `port` answers `path` with 200. node:http rather than fetch: fetch
 * loads undici, memory that the runner would keep all day and a container probe would load every
 * few seconds.
 */
export function answersOk(port: number, path: string, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path, timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}
