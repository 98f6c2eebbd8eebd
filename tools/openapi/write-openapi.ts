// Writes the platform's OpenAPI 3.0.3 document, every operation as the gateway exposes it, to
// docs/openapi/platform.json (committed; `npm run check` fails when it differs from the code).
// Run: npm run openapi.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describePlatform, operationsOf, PLATFORM_DOCUMENT, REPOSITORY, serializeOpenApi } from './platform-openapi';

async function main(): Promise<void> {
  const { platform } = await describePlatform();
  const target = path.join(REPOSITORY, PLATFORM_DOCUMENT);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, serializeOpenApi(platform));
  console.log(
    `openapi: ${operationsOf(platform).length} operations on ${Object.keys(platform.paths).length} paths in ${PLATFORM_DOCUMENT}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
