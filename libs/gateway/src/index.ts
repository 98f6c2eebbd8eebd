export { corsOriginEntries, DEFAULT_ADMIN_APP_ORIGIN, DEFAULT_HUB_APP_ORIGIN, originOf, originsOf } from './cors-origins';
export {
  ACCESS_LOG_FORMAT,
  accessLogSetting,
  GATEWAY_VARIABLE_NAMES,
  gatewayDir,
  readGatewayTemplate,
  renderGatewayConfig,
  renderLocalGatewayConfig,
  withoutRateLimits,
  type GatewayService,
  type GatewayVariables,
  type LocalGateway,
} from './gateway-config';
export { NginxNotInstalledError, findNginx, startNginx, type NginxInstance, type StartNginxOptions } from './nginx-process';
export { freePort, isPortFree, waitForPort } from './ports';
export {
  DEFAULT_GATEWAY_RESOLVER,
  RESOLVER_VALID,
  UPSTREAM_SERVER_PARAMETERS,
  upstreamAddressesOf,
  upstreamResolver,
  upstreamServers,
} from './upstream-servers';
