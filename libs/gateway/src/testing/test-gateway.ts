import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_ADMIN_APP_ORIGIN, DEFAULT_HUB_APP_ORIGIN } from '../cors-origins';
import { type GatewayService, renderLocalGatewayConfig } from '../gateway-config';
import { startNginx } from '../nginx-process';
import { freePort } from '../ports';

/** The port of each service, or the ports of its instances. */
export type GatewayUpstreams = Partial<Record<GatewayService, number | readonly number[]>>;

export interface TestGatewayOptions {
  /** Origins whose pages may call the gateway; the two default app origins unless given. */
  corsOrigins?: readonly string[];
  /** How long the gateway waits for a service's answer, instead of the template's 60 s (a test of the timeout itself). */
  readTimeoutSeconds?: number;
  /** A file for the access log (in the template's JSON line format); off unless given. */
  accessLog?: string;
}

/** The rendered configuration with another read timeout; the template must set it exactly once. */
function withReadTimeout(config: string, seconds: number | undefined): string {
  if (seconds === undefined) return config;
  const setting = /^(\s*proxy_read_timeout\s+)\d+s;$/gm;
  if ((config.match(setting) ?? []).length !== 1) throw new Error('the gateway template no longer sets proxy_read_timeout exactly once');
  return config.replace(setting, `$1${seconds}s;`);
}

export interface TestGateway {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Port 1 on loopback: nothing listens, so a prefix without an upstream answers the gateway's 502. */
const CLOSED_PORT = 1;

/**
 * The real gateway template run by the real nginx, in front of services started by the test.
 * Each call is a fresh nginx, so rate-limit zones start empty.
 */
export async function startTestGateway(
  repositoryRoot: string,
  upstreams: GatewayUpstreams,
  options: TestGatewayOptions = {},
): Promise<TestGateway> {
  const port = await freePort();
  const runDir = mkdtempSync(path.join(tmpdir(), 'teamfit-gateway-'));
  const upstream = (name: GatewayService) => [upstreams[name] ?? CLOSED_PORT].flat().map((port) => `127.0.0.1:${port}`);
  const nginx = await startNginx({
    config: withReadTimeout(
      renderLocalGatewayConfig(repositoryRoot, {
        listen: `127.0.0.1:${port}`,
        upstream,
        runDir,
        accessLog: options.accessLog ?? 'off',
        corsOrigins: options.corsOrigins ?? [DEFAULT_ADMIN_APP_ORIGIN, DEFAULT_HUB_APP_ORIGIN],
      }),
      options.readTimeoutSeconds,
    ),
    runDir,
    port,
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: async () => {
      await nginx.stop();
      rmSync(runDir, { recursive: true, force: true });
    },
  };
}
