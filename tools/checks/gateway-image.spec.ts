// The gateway image renders its configuration with gateway/render-config.sh (sh and envsubst),
// the local runner with libs/gateway. No Docker engine runs here, so the script is run as the
// image runs it and its output compared with the library's for the same settings.
import {
  accessLogSetting,
  corsOriginEntries,
  DEFAULT_GATEWAY_RESOLVER,
  GATEWAY_VARIABLE_NAMES,
  type GatewayVariables,
  readGatewayTemplate,
  renderGatewayConfig,
  upstreamAddressesOf,
  upstreamResolver,
  upstreamServers,
} from '@teamfit/gateway';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadRunnerConfig } from '../runner/runner-config';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'gateway', 'render-config.sh');
const template = readGatewayTemplate(ROOT);

const SERVICES = ['AUTH', 'PROFILE', 'ORGANISATION', 'MEDIA', 'EVALUATION'] as const;
/** Placeholders the script computes from settings; the rest the image sets directly (its ENV lines). */
const COMPUTED = new Set<string>([
  'NGINX_ACCESS_LOG',
  'CORS_ORIGIN_ENTRIES',
  'UPSTREAM_RESOLVER',
  ...SERVICES.map((service) => `${service}_SERVERS`),
]);
/** The image's fixed placeholders stand in as value-of-<NAME>. */
const fixed = Object.fromEntries(GATEWAY_VARIABLE_NAMES.filter((name) => !COMPUTED.has(name)).map((name) => [name, `value-of-${name}`]));
/** What the image's ENV lines give each <SERVICE>_UPSTREAM: the compose service names. */
const imageUpstreams = Object.fromEntries(
  SERVICES.map((service) => [
    `${service}_UPSTREAM`,
    new RegExp(`^\\s*(?:ENV )?${service}_UPSTREAM=(\\S+?)(?: \\\\)?$`, 'm').exec(
      readFileSync(path.join(ROOT, 'gateway', 'Dockerfile'), 'utf8'),
    )?.[1] ?? '',
  ]),
);

/** The image's access log (its Dockerfile's NGINX_ACCESS_LOG). */
const ACCESS_LOG_FILE = '/dev/stdout';

type Settings = Partial<
  Record<'ADMIN_APP_ORIGIN' | 'HUB_APP_ORIGIN' | 'CORS_ORIGINS' | 'GATEWAY_RESOLVER' | `${(typeof SERVICES)[number]}_UPSTREAM`, string>
>;

function renderedByImage(settings: Settings): { config: string; error: string } {
  try {
    // Stray values of computed placeholders in the environment must not reach the configuration.
    const strays = {
      CORS_ORIGIN_ENTRIES: '"*" "*";',
      EVALUATION_SERVERS: 'server 203.0.113.1:80;',
      UPSTREAM_RESOLVER: 'resolver 203.0.113.53;',
    };
    const env = {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      NGINX_ACCESS_LOG: ACCESS_LOG_FILE,
      ...fixed,
      ...strays,
      ...imageUpstreams,
      ...settings,
    };
    return { config: execFileSync('sh', [SCRIPT], { input: template, env, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] }), error: '' };
  } catch (failure) {
    return { config: '', error: String((failure as { stderr?: string }).stderr).trim() };
  }
}

function renderedByLibrary(settings: Settings): { config: string; error: string } {
  try {
    const config = loadRunnerConfig(settings);
    const entries = corsOriginEntries([config.ADMIN_APP_ORIGIN, config.HUB_APP_ORIGIN, ...config.CORS_ORIGINS]);
    const upstreams = { ...imageUpstreams, ...settings } as Record<string, string>;
    const addresses = Object.fromEntries(
      SERVICES.map((service) => [service, upstreamAddressesOf(upstreams[`${service}_UPSTREAM`] ?? '', `${service}_UPSTREAM`)]),
    );
    const servers = Object.fromEntries(SERVICES.map((service) => [`${service}_SERVERS`, upstreamServers(addresses[service] ?? [])]));
    const resolver = upstreamResolver(Object.values(addresses).flat(), settings.GATEWAY_RESOLVER?.trim() || DEFAULT_GATEWAY_RESOLVER);
    return {
      config: renderGatewayConfig(template, {
        ...fixed,
        ...servers,
        UPSTREAM_RESOLVER: resolver,
        CORS_ORIGIN_ENTRIES: entries,
        NGINX_ACCESS_LOG: accessLogSetting(ACCESS_LOG_FILE),
      } as unknown as GatewayVariables),
      error: '',
    };
  } catch (failure) {
    return { config: '', error: (failure as Error).message };
  }
}

describe('gateway/render-config.sh, the gateway image renderer', () => {
  it.each<[string, Settings]>([
    ['nothing set: the two default app origins', {}],
    ['blank settings count as unset', { ADMIN_APP_ORIGIN: '  ', HUB_APP_ORIGIN: '', CORS_ORIGINS: ' , ' }],
    [
      'URLs reduced to origins, lower case, default ports dropped, duplicates once',
      {
        ADMIN_APP_ORIGIN: 'HTTPS://Admin.Example.com:443/dashboard',
        HUB_APP_ORIGIN: 'http://hub.example.com:8080',
        CORS_ORIGINS: ' http://localhost:5173 ,, https://admin.example.com,http://127.0.0.1:80/,http://localhost:5173/x',
      },
    ],
    [
      'instances as addresses, several for a service, blank entries skipped: no resolver',
      {
        AUTH_UPSTREAM: '10.0.0.2:9000',
        PROFILE_UPSTREAM: '10.0.0.2:9100',
        ORGANISATION_UPSTREAM: '10.0.0.2:9107,10.0.0.3:9107',
        MEDIA_UPSTREAM: '10.0.0.2:9102',
        EVALUATION_UPSTREAM: ' 10.0.0.2:9103 , 10.0.0.3:9103,,10.0.0.4:9103 ',
      },
    ],
    [
      'names and addresses mixed, another resolver',
      { EVALUATION_UPSTREAM: 'evaluation:9103,10.0.0.9:9103', GATEWAY_RESOLVER: ' 10.96.0.10:53 ' },
    ],
  ])('%s: the same configuration as the library', (_case, settings) => {
    const image = renderedByImage(settings);
    expect(image.error).toBe('');
    expect(image.config).toBe(renderedByLibrary(settings).config);
    expect(image.config).not.toContain('"*"');
    expect(image.config).not.toContain('203.0.113');
    for (const name of GATEWAY_VARIABLE_NAMES) expect(image.config).not.toContain(`\${${name}}`);
  });

  it('writes the allowed origins into the map', () => {
    const { config } = renderedByImage({ ADMIN_APP_ORIGIN: 'https://admin.example.com', CORS_ORIGINS: 'http://localhost:5173' });
    expect(config).toContain(
      '"https://admin.example.com" "https://admin.example.com"; "http://localhost:3001" "http://localhost:3001"; "http://localhost:5173" "http://localhost:5173";',
    );
  });

  it('as compose runs it, every service is a name re-resolved through Docker’s DNS every 10 s', () => {
    const { config } = renderedByImage({});
    expect(config).toMatch(/^\s*resolver 127\.0\.0\.11 valid=10s ipv6=off;$/m);
    expect(config).toContain(
      'upstream evaluation_service { zone evaluation_service 64k; server evaluation:9103 resolve max_fails=2 fail_timeout=5s; keepalive 64;',
    );
    expect(config).toContain(
      'upstream organisation_service { zone organisation_service 64k; server organisation:9107 resolve max_fails=2 fail_timeout=5s; keepalive 64;',
    );
  });

  it('with addresses only, there is no resolver and nothing is re-resolved', () => {
    const { config } = renderedByImage(Object.fromEntries(SERVICES.map((service) => [`${service}_UPSTREAM`, '10.0.0.2:9000'])));
    expect(config).not.toMatch(/^\s*resolver /m);
    expect(config).not.toContain(' resolve ');
    expect(config).toContain(
      'upstream media_service { zone media_service 64k; server 10.0.0.2:9000 max_fails=2 fail_timeout=5s; keepalive 64;',
    );
  });

  it.each<Settings>([
    { ADMIN_APP_ORIGIN: 'localhost:3000' },
    { HUB_APP_ORIGIN: 'http://hub.example.com:65536' },
    { HUB_APP_ORIGIN: 'ftp://hub.example.com' },
    { CORS_ORIGINS: 'https://a.example.com,*' },
    { CORS_ORIGINS: 'http://*.example.com' },
    { CORS_ORIGINS: 'http://a.example.com"; } server { listen 81; #' },
    { CORS_ORIGINS: 'http://a.example.com\nhttp://b.example.com' },
    { ADMIN_APP_ORIGIN: 'http://user@a.example.com' },
    { EVALUATION_UPSTREAM: '' },
    { EVALUATION_UPSTREAM: ' , ' },
    { EVALUATION_UPSTREAM: 'evaluation' },
    { MEDIA_UPSTREAM: 'media:65536' },
    { AUTH_UPSTREAM: 'auth:9000; server 203.0.113.1:80' },
    { PROFILE_UPSTREAM: 'profile:9100\nprofile:9101' },
    { EVALUATION_UPSTREAM: 'http://evaluation:9103' },
    { GATEWAY_RESOLVER: 'dns.example' },
    { GATEWAY_RESOLVER: '127.0.0.11 valid=1s; include /etc/passwd' },
  ])('refuses %j with the library’s one-line message naming the setting', (settings) => {
    const image = renderedByImage(settings);
    const library = renderedByLibrary(settings);
    expect(library.error).toMatch(new RegExp(`^invalid configuration: ${Object.keys(settings)[0] ?? ''} has `));
    expect(image).toEqual({ config: '', error: library.error });
  });
});
