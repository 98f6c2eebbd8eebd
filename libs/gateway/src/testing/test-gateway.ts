import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readGatewayTemplate, renderGatewayConfig } from '../gateway-config';
import { startNginx } from '../nginx-process';
import { freePort } from '../ports';

export type GatewayUpstreams = Partial<Record<'auth' | 'profile' | 'organisation' | 'media' | 'evaluation', number>>;

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
export async function startTestGateway(repositoryRoot: string, upstreams: GatewayUpstreams): Promise<TestGateway> {
  const port = await freePort();
  const runDir = mkdtempSync(path.join(tmpdir(), 'teamfit-gateway-'));
  const upstream = (name: keyof GatewayUpstreams) => `127.0.0.1:${upstreams[name] ?? CLOSED_PORT}`;
  const nginx = await startNginx({
    config: renderGatewayConfig(readGatewayTemplate(repositoryRoot), {
      GATEWAY_PORT: `127.0.0.1:${port}`,
      AUTH_UPSTREAM: upstream('auth'),
      PROFILE_UPSTREAM: upstream('profile'),
      ORGANISATION_UPSTREAM: upstream('organisation'),
      MEDIA_UPSTREAM: upstream('media'),
      EVALUATION_UPSTREAM: upstream('evaluation'),
      STATIC_ROOT: path.join(repositoryRoot, 'gateway', 'public'),
      NGINX_RUN_DIR: runDir,
      NGINX_ACCESS_LOG: 'off',
    }),
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
