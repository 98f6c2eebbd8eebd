// Writes the OpenAPI 3.0.3 description of every service (docs/openapi/<service>.json) and one
// document for the whole platform as the gateway exposes it (docs/openapi/platform.json).
// Run: npm run openapi.
import { SERVICE_NAMES } from '@teamfit/common';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describePlatform } from './platform-openapi';

const ROOT = path.resolve(__dirname, '../..').replace(/[\\/]dist$/, '');
const OUT = path.join(ROOT, 'docs', 'openapi');

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const { services, platform } = await describePlatform();
  for (const service of SERVICE_NAMES) {
    writeFileSync(path.join(OUT, `${service}.json`), `${JSON.stringify(services[service], null, 2)}\n`);
    console.log(`openapi: ${service}: ${Object.keys(services[service].paths).length} paths`);
  }
  writeFileSync(path.join(OUT, 'platform.json'), `${JSON.stringify(platform, null, 2)}\n`);
  console.log(`openapi: ${Object.keys(platform.paths).length} paths in docs/openapi/platform.json`);
}

void main();
