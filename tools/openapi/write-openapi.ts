// Writes the OpenAPI 3.0.3 description of every service (docs/openapi/<service>.json) and one
// document for the whole platform as the gateway exposes it (docs/openapi/platform.json).
// Run: npm run openapi. Nothing listens and nothing touches a database.
import type { OpenAPIObject } from '@nestjs/swagger';
import { generateKeyPair } from '@teamfit/auth';
import { buildOpenApiDocument, createServiceApp, loadServiceConfig, SERVICE_NAMES, type ServiceModuleFactory, type ServiceName } from '@teamfit/common';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { authAppModule } from '../../apps/auth/src/auth-app.module';
import { evaluationAppModule } from '../../apps/evaluation/src/evaluation-app.module';
import { mediaAppModule } from '../../apps/media/src/media-app.module';
import { organisationAppModule } from '../../apps/organisation/src/organisation-app.module';
import { profileAppModule } from '../../apps/profile/src/profile-app.module';

const ROOT = path.resolve(__dirname, '../..').replace(/[\\/]dist$/, '');
const OUT = path.join(ROOT, 'docs', 'openapi');
const MODULES: Record<ServiceName, ServiceModuleFactory> = {
  auth: authAppModule,
  profile: profileAppModule,
  organisation: organisationAppModule,
  media: mediaAppModule,
  evaluation: evaluationAppModule,
};
/** Served by the organisation service under their own names, not under /organisation. */
const UNPREFIXED = /^\/(admin|hub)\/service-requests/;

async function describe(service: ServiceName): Promise<OpenAPIObject> {
  const keys = generateKeyPair();
  const config = loadServiceConfig(service, {
    // Pools connect lazily; describing the routes never opens a connection.
    DATABASE_URL: 'postgres://describe@127.0.0.1:1/describe',
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    JWT_PRIVATE_KEY: keys.privateKeyPem,
    LOG_LEVEL: 'error',
    REQUEST_LOG: 'off',
  });
  const app = await createServiceApp(config, MODULES[service]);
  try {
    return buildOpenApiDocument(app, service);
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const platform: OpenAPIObject = {
    openapi: '3.0.3',
    info: { title: 'Teamfit platform', version: '1.0.0', description: 'Every service as the gateway exposes it.' },
    servers: [{ url: '/' }],
    paths: {},
    components: { schemas: {}, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  };
  for (const service of SERVICE_NAMES) {
    const document = await describe(service);
    writeFileSync(path.join(OUT, `${service}.json`), `${JSON.stringify(document, null, 2)}\n`);
    for (const [route, item] of Object.entries(document.paths)) {
      platform.paths[UNPREFIXED.test(route) ? route : `/${service}${route}`] = item;
    }
    Object.assign(platform.components?.schemas ?? {}, document.components?.schemas ?? {});
    console.log(`openapi: ${service}: ${Object.keys(document.paths).length} paths`);
  }
  writeFileSync(path.join(OUT, 'platform.json'), `${JSON.stringify(platform, null, 2)}\n`);
  console.log(`openapi: ${Object.keys(platform.paths).length} paths in docs/openapi/platform.json`);
}

void main();
