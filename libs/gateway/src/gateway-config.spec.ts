import path from 'node:path';
import { GATEWAY_VARIABLE_NAMES, type GatewayVariables, readGatewayTemplate, renderGatewayConfig } from './gateway-config';

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
