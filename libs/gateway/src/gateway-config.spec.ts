import path from 'node:path';
import { GATEWAY_VARIABLE_NAMES, type GatewayVariables, readGatewayTemplate, renderGatewayConfig, withoutRateLimits } from './gateway-config';

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
