// Fails when the JavaScript a first visit of a web app loads is above its budget (the hub 150 KB
// gzip, issue 32; the admin console 250 KB, issue 33). Reads the built apps (`npm run build`);
// part of `npm run check`.
import path from 'node:path';
import { FIRST_VISIT_BUDGETS, firstVisitSize } from './first-visit-size';

const ROOT = path.resolve(__dirname, '../..').replace(/[\\/]dist$/, '');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let over = false;
for (const [app, budget] of Object.entries(FIRST_VISIT_BUDGETS)) {
  const size = firstVisitSize(path.join(ROOT, 'dist', 'apps', app));
  const line = `${app}: first visit loads ${size.files.length} script(s), ${kb(size.gzipBytes)} gzip (${kb(size.rawBytes)} raw); budget ${kb(budget)}`;
  if (size.gzipBytes > budget) {
    console.error(`bundle-size: ${line}: over budget`);
    over = true;
  } else {
    console.log(`bundle-size: ${line}`);
  }
}
if (over) process.exit(1);
