import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { ServiceName } from '../config/service-name';

/** The service's OpenAPI 3.0.3 description, paths as the service sees them (no gateway prefix). */
export function buildOpenApiDocument(app: INestApplication, service: ServiceName): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.0.3')
    .setTitle(`Teamfit ${service} service`)
    .setDescription(`Reached through the gateway at /${service}; the gateway strips the prefix.`)
    .setVersion('1.0.0')
    .addServer(`/${service}`, 'Through the gateway')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .build();
  return SwaggerModule.createDocument(app, config);
}

/** Serves the description at /docs (UI) and /docs-json; both are public, like /health. */
export function mountOpenApi(app: INestApplication, service: ServiceName): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, service), { jsonDocumentUrl: 'docs-json' });
}
