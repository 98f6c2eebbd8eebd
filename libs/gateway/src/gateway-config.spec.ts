import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  GATEWAY_VARIABLE_NAMES,
  type GatewayVariables,
  readGatewayTemplate,
  renderGatewayConfig,
  renderLocalGatewayConfig,
  withoutRateLimits,
} from './gateway-config';

const ROOT = path.resolve(__dirname, '../../..');
const variables = Object.fromEntries(GATEWAY_VARIABLE_NAMES.map((name) => [name, `value-of-${name}`])) as unknown as GatewayVariables;

describe('renderGatewayConfig', () => {
  it('fills every placeholder of the real template and leaves nginx variables alone', () => {
    const rendered = renderGatewayConfig(readGatewayTemplate(ROOT), variables);
    expect(rendered).not.toMatch(/\$\{[A-Z_]+\}/);
    for (const name of GATEWAY_VARIABLE_NAMES) expect(rendered).toContain(`value-of-${name}`);
    expect(rendered).toContain('$binary_remote_addr');
    expect(rendered).toContain('$remote_addr');
  });

  it('refuses a placeholder it does not know', () => {
    expect(() => renderGatewayConfig('listen ${UNKNOWN_PORT};', variables)).toThrow('unknown placeholder ${UNKNOWN_PORT}');
  });
});

describe('renderLocalGatewayConfig', () => {
  const rendered = renderLocalGatewayConfig(ROOT, {
    listen: '127.0.0.1:8088',
    upstream: (service) => `127.0.0.1:${service.length}`,
    runDir: '/tmp/run',
    accessLog: 'off',
    corsOrigins: ['http://localhost:3000', 'https://hub.example.com'],
  });

  it('lists every instance of a service in its upstream, and needs no resolver for addresses', () => {
    const twice = renderLocalGatewayConfig(ROOT, {
      listen: '127.0.0.1:8088',
      upstream: (service) => (service === 'evaluation' ? ['127.0.0.1:9103', '127.0.0.1:10103'] : '127.0.0.1:9000'),
      runDir: '/tmp/run',
      accessLog: 'off',
      corsOrigins: [],
    });
    expect(twice).toMatch(
      /upstream evaluation_service \{ zone evaluation_service 64k; server 127\.0\.0\.1:9103 max_fails=2 fail_timeout=5s; server 127\.0\.0\.1:10103 max_fails=2 fail_timeout=5s; keepalive 64;/,
    );
    expect(twice).toMatch(
      /upstream auth_service \{ zone auth_service 64k; server 127\.0\.0\.1:9000 max_fails=2 fail_timeout=5s; keepalive 64;/,
    );
    expect(twice).not.toMatch(/^\s*resolver /m);
  });

  it('allows exactly the given origins', () => {
    expect(rendered).toContain('"http://localhost:3000" "http://localhost:3000"; "https://hub.example.com" "https://hub.example.com";');
  });

  it('points at files that exist: the API page, the Swagger UI files and the OpenAPI document', () => {
    const pathOf = (pattern: RegExp) => pattern.exec(rendered)?.[1] ?? '';
    const docsPage = pathOf(/alias (\S+)\/index\.html;/);
    expect(existsSync(path.join(docsPage, 'index.html'))).toBe(true);
    expect(existsSync(path.join(docsPage, 'platform-docs.js'))).toBe(true);
    const swaggerUi = pathOf(/alias (\S+)\/\$1;/);
    for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-16x16.png', 'favicon-32x32.png'])
      expect(existsSync(path.join(swaggerUi, file))).toBe(true);
    expect(pathOf(/alias (\S+platform\.json);/)).toBe(path.join(ROOT, 'docs', 'openapi', 'platform.json'));
  });
});

describe('withoutRateLimits', () => {
  it('removes every per-location limit and nothing else', () => {
    const rendered = renderGatewayConfig(readGatewayTemplate(ROOT), variables);
    const lifted = withoutRateLimits(rendered);
    expect(rendered).toMatch(/^\s*limit_req zone=auth /m);
    expect(lifted).not.toMatch(/^\s*limit_req\s+zone=/m);
    // The zones stay declared (unused zones are harmless); routing is untouched.
    expect(lifted).toContain('limit_req_zone $binary_remote_addr zone=auth');
    expect(lifted.split('proxy_pass').length).toBe(rendered.split('proxy_pass').length);
  });
});
