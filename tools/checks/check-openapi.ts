// Fails when the committed platform OpenAPI document differs from what the code describes: the
// document is generated again in memory and compared byte for byte.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describePlatform, PLATFORM_DOCUMENT, REPOSITORY, serializeOpenApi } from '../openapi/platform-openapi';

async function main(): Promise<void> {
  const generated = serializeOpenApi((await describePlatform()).platform);
  let committed: string | undefined;
  try {
    committed = readFileSync(path.join(REPOSITORY, PLATFORM_DOCUMENT), 'utf8');
  } catch {
    committed = undefined;
  }
  if (committed !== generated) {
    console.error(
      `openapi: ${PLATFORM_DOCUMENT} ${committed === undefined ? 'is missing' : 'differs from the code'}; run "npm run openapi" and commit it`,
    );
    process.exit(1);
  }
  console.log(`openapi: ${PLATFORM_DOCUMENT} matches the code`);
}

main().catch((error: unknown) => {
  console.error(`openapi: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
