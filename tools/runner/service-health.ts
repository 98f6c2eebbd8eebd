import { get } from 'node:http';

/**
 * Waits until the service on `port` answers GET /health with 200; gives up early once
 * `running()` says its process is gone (another process may take the port later).
 */
export async function waitForHealth(port: number, timeoutMs: number, name: string, running: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!running()) throw new Error(`the ${name} service exited before it became healthy`);
    if (await answersOk(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the ${name} service did not become healthy within ${timeoutMs / 1000} s`);
}

/** node:http rather than fetch: fetch loads undici, about 20 MiB the runner would keep all day. */
function answersOk(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/health', timeout: 1_000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}
