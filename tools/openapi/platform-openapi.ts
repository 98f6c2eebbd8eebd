// The OpenAPI 3.0.3 description of every service, and one for the whole platform with the paths
// as the gateway exposes them. Nothing listens and nothing touches a database.
import type { OpenAPIObject } from '@nestjs/swagger';
import { generateKeyPair } from '@teamfit/auth';
import { buildOpenApiDocument, createServiceApp, loadServiceConfig, SERVICE_NAMES, type ServiceModuleFactory, type ServiceName } from '@teamfit/common';
import { authAppModule } from '../../apps/auth/src/auth-app.module';
import { evaluationAppModule } from '../../apps/evaluation/src/evaluation-app.module';
import { mediaAppModule } from '../../apps/media/src/media-app.module';
import { organisationAppModule } from '../../apps/organisation/src/organisation-app.module';
import { profileAppModule } from '../../apps/profile/src/profile-app.module';

/** The module of every service, as its main.ts builds it. */
export const SERVICE_MODULES: Record<ServiceName, ServiceModuleFactory> = {
  auth: authAppModule,
  profile: profileAppModule,
  organisation: organisationAppModule,
  media: mediaAppModule,
  evaluation: evaluationAppModule,
};
/** Served by the organisation service under their own names, not under /organisation. */
const UNPREFIXED = /^\/(admin|hub)\/service-requests/;

/** A service's route as the gateway exposes it. */
export const gatewayPathOf = (service: ServiceName, route: string): string => (UNPREFIXED.test(route) ? route : `/${service}${route}`);

export async function describeService(service: ServiceName): Promise<OpenAPIObject> {
  const keys = generateKeyPair();
  const config = loadServiceConfig(service, {
    // Pools connect lazily; describing the routes never opens a connection.
    DATABASE_URL: 'postgres://describe@127.0.0.1:1/describe',
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    JWT_PRIVATE_KEY: keys.privateKeyPem,
    LOG_LEVEL: 'error',
    REQUEST_LOG: 'off',
  });
  const app = await createServiceApp(config, SERVICE_MODULES[service]);
  try {
    return buildOpenApiDocument(app, service);
  } finally {
    await app.close();
  }
}


export interface PlatformDescription {
  services: Record<ServiceName, OpenAPIObject>;
  platform: OpenAPIObject;
}

export async function describePlatform(): Promise<PlatformDescription> {
  const platform: OpenAPIObject = {
    openapi: '3.0.3',
    info: { title: 'Teamfit platform', version: '1.0.0', description: 'Every service as the gateway exposes it.' },
    servers: [{ url: '/' }],
    paths: {},
    components: { schemas: {}, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  };
  const services = {} as Record<ServiceName, OpenAPIObject>;
  for (const service of SERVICE_NAMES) {
    const document = await describeService(service);
    services[service] = document;
    for (const [route, item] of Object.entries(document.paths)) {
      platform.paths[gatewayPathOf(service, route)] = item;
    }
    Object.assign(platform.components?.schemas ?? {}, document.components?.schemas ?? {});
  }
  return { services, platform };
}
