// Fails when the JavaScript a first visit of the hub loads is above its budget (150 KB gzip,
// issue 32). Reads the built app (`npm run build`); part of `npm run check`.
import path from 'node:path';
import { FIRST_VISIT_JS_BUDGET_BYTES, firstVisitSize } from './first-visit-size';

const ROOT = path.resolve(__dirname, '../..').replace(/[\\/]dist$/, '');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const size = firstVisitSize(path.join(ROOT, 'dist', 'apps', 'hub-web'));
const line = `hub-web: first visit loads ${size.files.length} script(s), ${kb(size.gzipBytes)} gzip (${kb(size.rawBytes)} raw); budget ${kb(FIRST_VISIT_JS_BUDGET_BYTES)}`;
if (size.gzipBytes > FIRST_VISIT_JS_BUDGET_BYTES) {
  console.error(`bundle-size: ${line}: over budget`);
  process.exit(1);
}
console.log(`bundle-size: ${line}`);
