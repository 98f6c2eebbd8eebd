import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The placeholders of gateway/nginx.conf.template; nothing else in the file is touched. */
export interface GatewayVariables {
  GATEWAY_PORT: string;
  AUTH_UPSTREAM: string;
  PROFILE_UPSTREAM: string;
  ORGANISATION_UPSTREAM: string;
  MEDIA_UPSTREAM: string;
  EVALUATION_UPSTREAM: string;
  STATIC_ROOT: string;
  NGINX_RUN_DIR: string;
  NGINX_ACCESS_LOG: string;
}

export const GATEWAY_VARIABLE_NAMES: ReadonlyArray<keyof GatewayVariables> = [
  'GATEWAY_PORT',
  'AUTH_UPSTREAM',
  'PROFILE_UPSTREAM',
  'ORGANISATION_UPSTREAM',
  'MEDIA_UPSTREAM',
  'EVALUATION_UPSTREAM',
  'STATIC_ROOT',
  'NGINX_RUN_DIR',
  'NGINX_ACCESS_LOG',
];

export function gatewayDir(repositoryRoot: string): string {
  return path.join(repositoryRoot, 'gateway');
}

export function readGatewayTemplate(repositoryRoot: string): string {
  return readFileSync(path.join(gatewayDir(repositoryRoot), 'nginx.conf.template'), 'utf8');
}

/** Substitutes `${NAME}` like the gateway image's envsubst does, and refuses unknown names. */
export function renderGatewayConfig(template: string, variables: GatewayVariables): string {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (_match, name: string) => {
    if (!(GATEWAY_VARIABLE_NAMES as readonly string[]).includes(name)) {
      throw new Error(`gateway template uses unknown placeholder \${${name}}`);
    }
    return variables[name as keyof GatewayVariables];
  });
}

/**
 * The rendered configuration without its per-address rate limits, for throughput measurements
 * only: with the limits on, a benchmark from one address measures the limit (10 r/s), not the
 * gateway. Nothing that serves clients calls this.
 */
export function withoutRateLimits(config: string): string {
  return config.replace(/^\s*limit_req\s+zone=[^;]*;\s*$/gm, '');
}
