import type { INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ServiceName } from '../config/service-name';
import { completeOpenApiDocument } from './openapi-lint';

/**
 * `<service>_<Controller>_<method>`: Nest's own id behind the service's name, so ids stay unique
 * when the services' documents are merged into the platform's (every service has a
 * HealthController, two have a TeamController) and still name the code that answers.
 */
const operationIdOf = (service: ServiceName, controllerKey: string, methodKey: string): string =>
  `${service}_${controllerKey}_${methodKey}`;

/**
 * The security scheme of the partner routes: HTTP Basic, an organisation's partner API key as the
 * user name, no password (docs/adr/0088-partner-api-keys.md).
 */
export const PARTNER_KEY_SCHEME = 'partnerKey';
export const PARTNER_KEY_SECURITY_SCHEME = {
  type: 'http',
  scheme: 'basic',
  description:
    "An organisation's partner API key (`tfk_…`, POST /organisation/organisations/{id}/api-keys) as the user name, an empty password",
} as const;

/** The service's OpenAPI 3.0.3 description, paths as the service sees them (no gateway prefix). */
export function buildOpenApiDocument(app: INestApplication, service: ServiceName): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.0.3')
    .setTitle(`Teamfit ${service} service`)
    .setDescription(`Reached through the gateway at /${service}; the gateway strips the prefix.`)
    .setVersion('1.0.0')
    .addServer(`/${service}`, 'Through the gateway')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .addBasicAuth({ ...PARTNER_KEY_SECURITY_SCHEME }, PARTNER_KEY_SCHEME)
    .build();
  return completeOpenApiDocument(
    SwaggerModule.createDocument(app, config, {
      operationIdFactory: (controllerKey, methodKey) => operationIdOf(service, controllerKey, methodKey),
    }),
  );
}

/** The UI's script files are text/javascript, as they have always been served. */
function scriptsAsTextJavascript(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  if (typeof payload !== 'string' && String(reply.getHeader('content-type')).startsWith('application/javascript')) {
    reply.header('content-type', 'text/javascript; charset=utf-8');
  }
  done(null, payload);
}

/**
 * Serves the description at /docs (UI) and /docs-json; both are public, like /health. The UI's
 * files get their hook on their own routes (registered after this, by the static-file plugin),
 * so no other answer runs it.
 */
export function mountOpenApi(app: NestFastifyApplication, service: ServiceName): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/docs/')) return;
      const existing = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
      route.onSend = [...existing, scriptsAsTextJavascript];
    });
  // As on the gateway's page: the token survives a reload, and a filter narrows the operations by tag.
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, service), {
    jsonDocumentUrl: 'docs-json',
    swaggerOptions: { persistAuthorization: true, filter: true },
  });
}
