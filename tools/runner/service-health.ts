import { answersOk, READINESS_PATH } from '@teamfit/common/services';

/**
 * Waits until the service on `port` is ready: GET /health/ready answers 200 (its database answers
 * too); gives up early once `running()` says its process is gone (another may take the port later).
 */
export async function waitForHealth(port: number, timeoutMs: number, name: string, running: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!running()) throw new Error(`the ${name} service exited before it became healthy`);
    if (await answersOk(port, READINESS_PATH)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the ${name} service did not become healthy within ${timeoutMs / 1000} s`);
}
