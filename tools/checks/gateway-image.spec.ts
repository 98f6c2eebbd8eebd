// The gateway image renders its configuration with gateway/render-config.sh (sh and envsubst),
// the local runner with libs/gateway. No Docker engine runs here, so the script is run as the
// image runs it and its output compared with the runner's for the same settings.
import { corsOriginEntries, GATEWAY_VARIABLE_NAMES, type GatewayVariables, readGatewayTemplate, renderGatewayConfig } from '@teamfit/gateway';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { loadRunnerConfig } from '../runner/runner-config';

const ROOT = path.resolve(__dirname, '../..');
const SCRIPT = path.join(ROOT, 'gateway', 'render-config.sh');
const template = readGatewayTemplate(ROOT);

/** The image's fixed placeholders (its ENV lines) stand in as value-of-<NAME>. */
const fixed = Object.fromEntries(GATEWAY_VARIABLE_NAMES.filter((name) => name !== 'CORS_ORIGIN_ENTRIES').map((name) => [name, `value-of-${name}`]));

type Origins = Partial<Record<'ADMIN_APP_ORIGIN' | 'HUB_APP_ORIGIN' | 'CORS_ORIGINS', string>>;

function renderedByImage(origins: Origins): { config: string; error: string } {
  try {
    // A stray CORS_ORIGIN_ENTRIES in the environment must not reach the configuration.
    const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...fixed, CORS_ORIGIN_ENTRIES: '"*" "*";', ...origins };
    return { config: execFileSync('sh', [SCRIPT], { input: template, env, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] }), error: '' };
  } catch (failure) {
    return { config: '', error: String((failure as { stderr?: string }).stderr).trim() };
  }
}

function renderedByRunner(origins: Origins): { config: string; error: string } {
  try {
    const config = loadRunnerConfig(origins);
    const entries = corsOriginEntries([config.ADMIN_APP_ORIGIN, config.HUB_APP_ORIGIN, ...config.CORS_ORIGINS]);
    return { config: renderGatewayConfig(template, { ...fixed, CORS_ORIGIN_ENTRIES: entries } as unknown as GatewayVariables), error: '' };
  } catch (failure) {
    return { config: '', error: (failure as Error).message };
  }
}

describe('gateway/render-config.sh, the gateway image renderer', () => {
  it.each<[string, Origins]>([
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
  ])('%s: the same configuration as the local runner', (_case, origins) => {
    const image = renderedByImage(origins);
    expect(image.error).toBe('');
    expect(image.config).toBe(renderedByRunner(origins).config);
    expect(image.config).not.toContain('"*"');
    for (const name of GATEWAY_VARIABLE_NAMES) expect(image.config).not.toContain(`\${${name}}`);
  });

  it('writes the allowed origins into the map', () => {
    const { config } = renderedByImage({ ADMIN_APP_ORIGIN: 'https://admin.example.com', CORS_ORIGINS: 'http://localhost:5173' });
    expect(config).toContain('"https://admin.example.com" "https://admin.example.com"; "http://localhost:3001" "http://localhost:3001"; "http://localhost:5173" "http://localhost:5173";');
  });

  it.each<Origins>([
    { ADMIN_APP_ORIGIN: 'localhost:3000' },
    { HUB_APP_ORIGIN: 'http://hub.example.com:65536' },
    { HUB_APP_ORIGIN: 'ftp://hub.example.com' },
    { CORS_ORIGINS: 'https://a.example.com,*' },
    { CORS_ORIGINS: 'http://*.example.com' },
    { CORS_ORIGINS: 'http://a.example.com"; } server { listen 81; #' },
    { CORS_ORIGINS: 'http://a.example.com\nhttp://b.example.com' },
    { ADMIN_APP_ORIGIN: 'http://user@a.example.com' },
  ])('refuses %j with the runner’s one-line message', (origins) => {
    const image = renderedByImage(origins);
    const runner = renderedByRunner(origins);
    expect(runner.error).toMatch(/^invalid configuration: (ADMIN_APP_ORIGIN|HUB_APP_ORIGIN|CORS_ORIGINS) has /);
    expect(image).toEqual({ config: '', error: runner.error });
  });
});
