// The OpenAPI 3.0.3 description of every service, and one for the whole platform with the paths
// as the gateway exposes them. Nothing listens and nothing touches a database.
import type { OpenAPIObject } from '@nestjs/swagger';
import { generateKeyPair } from '@teamfit/auth';
import {
  buildOpenApiDocument,
  createServiceApp,
  loadServiceConfig,
  OPENAPI_CONTACT,
  OPENAPI_LICENSE,
  operationsOf,
  PARTNER_KEY_SCHEME,
  PARTNER_KEY_SECURITY_SCHEME,
  SERVICE_NAMES,
  type ServiceModuleFactory,
  type ServiceName,
} from '@teamfit/common';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
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

/** The committed platform document, relative to the repository (whether run from sources or dist/). */
export const PLATFORM_DOCUMENT = path.join('docs', 'openapi', 'platform.json');
export const REPOSITORY = path.resolve(__dirname, '../..').replace(/[\\/]dist$/, '');

/** The document's bytes as committed: one form, so regenerating it is a byte-for-byte check. */
export const serializeOpenApi = (document: OpenAPIObject): string => `${JSON.stringify(document, null, 2)}\n`;

export { operationsOf };

/**
 * One document for the platform, paths as the gateway exposes them. Refuses rather than
 * overwrites: a gateway path two services claim, an operationId used twice, or a schema name
 * two services describe differently is an error naming both (the same schema shared through a
 * library, such as the error body, is one schema).
 */
export function mergeServiceDocuments(documents: ReadonlyArray<readonly [ServiceName, OpenAPIObject]>): OpenAPIObject {
  const paths: OpenAPIObject['paths'] = {};
  const schemas: Record<string, { owner: ServiceName; schema: unknown }> = {};
  const operationIds = new Map<string, string>();
  const tags = new Map<string, NonNullable<OpenAPIObject['tags']>[number]>();
  const collisions: string[] = [];
  for (const [service, document] of documents) {
    for (const tag of document.tags ?? []) if (!tags.has(tag.name)) tags.set(tag.name, tag);
    for (const [route, item] of Object.entries(document.paths)) {
      const exposed = gatewayPathOf(service, route);
      if (paths[exposed]) collisions.push(`path ${exposed} is served by two services (the second: ${service})`);
      else paths[exposed] = item;
    }
    for (const { method, path: route, operation } of operationsOf(document)) {
      const where = `${method.toUpperCase()} ${gatewayPathOf(service, route)}`;
      const id = operation.operationId;
      if (id === undefined) continue;
      const first = operationIds.get(id);
      if (first) collisions.push(`operationId ${id} names both ${first} and ${where}`);
      else operationIds.set(id, where);
    }
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      const known = schemas[name];
      if (!known) schemas[name] = { owner: service, schema };
      else if (!isDeepStrictEqual(known.schema, schema))
        collisions.push(`schema ${name} is described differently by ${known.owner} and ${service}`);
    }
  }
  if (collisions.length > 0) throw new Error(`The services' OpenAPI documents collide:\n  ${collisions.join('\n  ')}`);
  return {
    openapi: '3.0.3',
    info: {
      title: 'Teamfit platform',
      version: '1.0.0',
      description: 'Every service as the gateway exposes it.',
      contact: OPENAPI_CONTACT,
      license: OPENAPI_LICENSE,
    },
    servers: [{ url: '/' }],
    tags: [...tags.values()],
    paths,
    components: {
      // Sorted, so that the document does not depend on the order the services declare them in.
      schemas: Object.fromEntries(
        Object.keys(schemas)
          .sort()
          .map((name) => [name, schemas[name]?.schema]),
      ) as NonNullable<OpenAPIObject['components']>['schemas'],
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        [PARTNER_KEY_SCHEME]: { ...PARTNER_KEY_SECURITY_SCHEME },
      },
    },
  };
}

export async function describePlatform(): Promise<PlatformDescription> {
  const services = {} as Record<ServiceName, OpenAPIObject>;
  for (const service of SERVICE_NAMES) services[service] = await describeService(service);
  return { services, platform: mergeServiceDocuments(SERVICE_NAMES.map((service) => [service, services[service]] as const)) };
}
