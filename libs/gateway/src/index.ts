export { GATEWAY_VARIABLE_NAMES, gatewayDir, readGatewayTemplate, renderGatewayConfig, withoutRateLimits, type GatewayVariables } from './gateway-config';
export { NginxNotInstalledError, findNginx, startNginx, type NginxInstance, type StartNginxOptions } from './nginx-process';
export { freePort, isPortFree, waitForPort } from './ports';
