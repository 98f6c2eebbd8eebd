import { answersOk, READINESS_PATH } from '@teamfit/common/services';

/** Waits until the service on `port` is ready: GET /health/ready answers 200 (its database answers too). */
export async function waitForHealth(port: number, timeoutMs: number, name: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await answersOk(port, READINESS_PATH)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the ${name} service did not become healthy within ${timeoutMs / 1000} s`);
}
