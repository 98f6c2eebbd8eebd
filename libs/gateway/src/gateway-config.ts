import { readFileSync } from 'node:fs';
import path from 'node:path';
import { corsOriginEntries } from './cors-origins';
import { upstreamResolver, upstreamServers } from './upstream-servers';

/** The placeholders of gateway/nginx.conf.template; nothing else in the file is touched. */
export interface GatewayVariables {
  GATEWAY_PORT: string;
  /** Each service's instances as upstream server lines: upstreamServers(). */
  AUTH_SERVERS: string;
  PROFILE_SERVERS: string;
  ORGANISATION_SERVERS: string;
  MEDIA_SERVERS: string;
  EVALUATION_SERVERS: string;
  /** The resolver directive when an upstream is a name (Docker), else empty: upstreamResolver(). */
  UPSTREAM_RESOLVER: string;
  STATIC_ROOT: string;
  NGINX_RUN_DIR: string;
  NGINX_ACCESS_LOG: string;
  /** The allowed browser origins as nginx map entries: corsOriginEntries(). */
  CORS_ORIGIN_ENTRIES: string;
  /** gateway/docs-page: the platform's API page and its set-up script. */
  DOCS_PAGE_ROOT: string;
  /** The swagger-ui-dist package's folder: the page's scripts and styles. */
  SWAGGER_UI_ROOT: string;
  /** The platform's OpenAPI document, served at /docs-json. */
  OPENAPI_DOCUMENT: string;
}

export const GATEWAY_VARIABLE_NAMES: ReadonlyArray<keyof GatewayVariables> = [
  'GATEWAY_PORT',
  'AUTH_SERVERS',
  'PROFILE_SERVERS',
  'ORGANISATION_SERVERS',
  'MEDIA_SERVERS',
  'EVALUATION_SERVERS',
  'UPSTREAM_RESOLVER',
  'STATIC_ROOT',
  'NGINX_RUN_DIR',
  'NGINX_ACCESS_LOG',
  'CORS_ORIGIN_ENTRIES',
  'DOCS_PAGE_ROOT',
  'SWAGGER_UI_ROOT',
  'OPENAPI_DOCUMENT',
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

/** The template's JSON line format, named after the file wherever the access log is on. */
export const ACCESS_LOG_FORMAT = 'gateway_json';

/** The access log placeholder for a file or `off`, as the image's render-config.sh makes it too. */
export function accessLogSetting(fileOrOff: string): string {
  return fileOrOff === 'off' ? 'off' : `${fileOrOff} ${ACCESS_LOG_FORMAT}`;
}

export type GatewayService = 'auth' | 'profile' | 'organisation' | 'media' | 'evaluation';

const GATEWAY_SERVICES: readonly GatewayService[] = ['auth', 'profile', 'organisation', 'media', 'evaluation'];

/** A gateway run from this repository (the local runner, the tests, the benchmarks) rather than from its image. */
export interface LocalGateway {
  /** `port` or `address:port`. */
  listen: string;
  /** `address:port` of each service's instance, or of each of its instances. */
  upstream: (service: GatewayService) => string | readonly string[];
  runDir: string;
  /** A file, or `off`. */
  accessLog: string;
  /** Checked origins (originOf); duplicates are fine. */
  corsOrigins: readonly string[];
}

/** The template rendered with this repository's files: gateway/public, the API page, swagger-ui-dist and the committed OpenAPI document. */
export function renderLocalGatewayConfig(repositoryRoot: string, local: LocalGateway): string {
  const addresses = (service: GatewayService): readonly string[] => [local.upstream(service)].flat();
  return renderGatewayConfig(readGatewayTemplate(repositoryRoot), {
    GATEWAY_PORT: local.listen,
    AUTH_SERVERS: upstreamServers(addresses('auth')),
    PROFILE_SERVERS: upstreamServers(addresses('profile')),
    ORGANISATION_SERVERS: upstreamServers(addresses('organisation')),
    MEDIA_SERVERS: upstreamServers(addresses('media')),
    EVALUATION_SERVERS: upstreamServers(addresses('evaluation')),
    UPSTREAM_RESOLVER: upstreamResolver(GATEWAY_SERVICES.flatMap(addresses)),
    STATIC_ROOT: path.join(gatewayDir(repositoryRoot), 'public'),
    NGINX_RUN_DIR: local.runDir,
    NGINX_ACCESS_LOG: accessLogSetting(local.accessLog),
    CORS_ORIGIN_ENTRIES: corsOriginEntries(local.corsOrigins),
    DOCS_PAGE_ROOT: path.join(gatewayDir(repositoryRoot), 'docs-page'),
    SWAGGER_UI_ROOT: path.dirname(require.resolve('swagger-ui-dist/package.json', { paths: [repositoryRoot] })),
    OPENAPI_DOCUMENT: path.join(repositoryRoot, 'docs', 'openapi', 'platform.json'),
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
