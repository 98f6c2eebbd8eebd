import type { INestApplication } from '@nestjs/common';
import { DECORATORS, SwaggerModule } from '@nestjs/swagger';

/** What the Swagger CLI plugin derived from a service's DTO types (its generated `openapi.metadata.ts`). */
export type OpenApiMetadata = () => Promise<Record<string, unknown>>;

export const OPENAPI_METADATA = Symbol('OPENAPI_METADATA');

type PropertyMetadata = Record<string, Record<string, unknown>>;
type ModelMetadata = [unknown, Record<string, PropertyMetadata>];
type DtoClass = { prototype: object };

/**
 * Gives the service's DTO classes what the plugin derived, with two rules of ours:
 * - a property with its own `@ApiProperty` is described by that decorator alone (the plugin's
 *   guesses are not mixed into it), so an explicit description stays exactly as written;
 * - properties keep their order in the source, whether derived or decorated (Swagger would list
 *   the derived ones after the decorated ones).
 */
export async function loadOpenApiMetadata(app: INestApplication): Promise<void> {
  let metadata: OpenApiMetadata | null;
  try {
    metadata = app.get<OpenApiMetadata | null>(OPENAPI_METADATA, { strict: false });
  } catch {
    return;
  }
  if (metadata) await applyOpenApiMetadata(metadata);
}

export async function applyOpenApiMetadata(metadata: OpenApiMetadata): Promise<void> {
  const loaded = await metadata();
  const models = (loaded['@nestjs/swagger'] as { models?: ModelMetadata[] } | undefined)?.models ?? [];
  const classes: Array<{ dto: DtoClass; properties: string[] }> = [];
  const derived: ModelMetadata[] = [];
  for (const [moduleRef, byClass] of models) {
    const exports = (await moduleRef) as Record<string, DtoClass>;
    const kept: Record<string, PropertyMetadata> = {};
    for (const [className, properties] of Object.entries(byClass)) {
      const dto = exports[className];
      if (!dto) continue;
      classes.push({ dto, properties: Object.keys(properties) });
      kept[className] = Object.fromEntries(
        Object.entries(properties).filter(([key]) => !Reflect.hasOwnMetadata(DECORATORS.API_MODEL_PROPERTIES, dto.prototype, key)),
      );
    }
    derived.push([exports, kept]);
  }
  await SwaggerModule.loadPluginMetadata(() => Promise.resolve({ '@nestjs/swagger': { models: derived } }));
  // Parents first: a subclass lists its parent's properties, then its own.
  for (const { dto, properties } of classes.sort((a, b) => depthOf(a.dto) - depthOf(b.dto))) keepSourceOrder(dto, properties);
}

function keepSourceOrder(dto: DtoClass, properties: string[]): void {
  const listed = (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, dto.prototype) ?? []) as string[];
  const inherited = (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, Object.getPrototypeOf(dto.prototype) as object) ??
    []) as string[];
  const own = properties.map((key) => `:${key}`).filter((key) => !inherited.includes(key));
  const rest = listed.filter((key) => !inherited.includes(key) && !own.includes(key));
  Reflect.defineMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, [...inherited, ...own, ...rest], dto.prototype);
}

function depthOf(dto: DtoClass): number {
  let depth = 0;
  for (
    let prototype: unknown = Object.getPrototypeOf(dto.prototype);
    prototype && prototype !== Object.prototype;
    prototype = Object.getPrototypeOf(prototype)
  )
    depth += 1;
  return depth;
}
