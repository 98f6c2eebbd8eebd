// Writes postman/teamfit-platform.postman_collection.json from the platform OpenAPI document (the
// one `npm run openapi` writes, built here the same way). Run: npm run postman:generate.
// With --check it writes nothing and fails when the committed collection differs from what the
// code's document gives (part of `npm run check`, like the migration drift check).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describePlatform } from '../openapi/platform-openapi';
import { platformCollection, serialiseCollection } from './platform-collection';

const ROOT = path.resolve(__dirname, '../..').replace(/[\\/]dist$/, '');
const TARGET = path.join(ROOT, 'postman', 'teamfit-platform.postman_collection.json');
const RELATIVE = path.relative(ROOT, TARGET);

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const { platform } = await describePlatform();
  const { collection, notes } = await platformCollection(platform);
  for (const note of notes) console.log(`postman: converter warning: ${note}`);
  const generated = serialiseCollection(collection);
  if (!check) {
    writeFileSync(TARGET, generated);
    console.log(`postman: ${RELATIVE} written`);
    return;
  }
  let committed = '';
  try {
    committed = readFileSync(TARGET, 'utf8');
  } catch {
    // Missing counts as drift, reported below.
  }
  if (committed !== generated) {
    console.error(`postman: ${RELATIVE} differs from the platform OpenAPI document; run "npm run postman:generate" and commit it`);
    process.exit(1);
  }
  console.log(`postman: ${RELATIVE} matches the platform OpenAPI document`);
}

main().catch((error: unknown) => {
  console.error(`postman: ${(error as Error).message}`);
  process.exit(1);
});
