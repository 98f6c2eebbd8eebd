export { API_BASE_URL_META, loadWebAppFiles, withApiBaseUrl, type WebAppFile } from './web-app-files';
export { securityHeaders } from './security-headers';
export { encodingFor, fileFor, isAppRoute, startWebAppServer, type RunningWebApp, type WebAppServerOptions } from './web-app-server';
