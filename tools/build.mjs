// Compiles every TypeScript source (not tests) into dist/ with SWC, with the options Jest compiles
// the tests' code with (tools/swc-options.cjs), keeping the tree's shape so that relative paths
// (migrations, gateway template) hold in both source and build. What runs is this tree as it is:
// `node dist/apps/<service>/src/main.js`, its dependencies loaded from node_modules by Node
// itself. Type checking is `npm run typecheck` (tsc); this step only emits. The browser apps are
// not Node code: Vite bundles each into dist/apps/<app>/ (index.html + assets/), which the web
// host serves (docs/hub.md).
import { transformFile } from '@swc/core';
import { createRequire } from 'node:module';
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { swcOptions, root } = require('./swc-options.cjs');

const sourceRoots = ['apps', 'libs', 'tools', 'bench'];
/** Browser apps, built by Vite below instead of file by file. */
const webApps = ['hub-web', 'admin-web'];
const webAppDirs = new Set(webApps.map((app) => path.join(root, 'apps', app)));
const outDir = path.join(root, 'dist');
const isTest = (file) => /\.(spec|e2e-spec)\.ts$/.test(file) || file.includes(`${path.sep}test${path.sep}`);

async function* walk(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || webAppDirs.has(full)) continue;
      yield* walk(full);
    } else {
      yield full;
    }
  }
}

const started = Date.now();
await rm(outDir, { recursive: true, force: true });
const jobs = [];
for (const sourceRoot of sourceRoots) {
  for await (const file of walk(path.join(root, sourceRoot))) {
    const relative = path.relative(root, file);
    const target = path.join(outDir, relative);
    if (file.endsWith('.ts') && !file.endsWith('.d.ts')) {
      if (isTest(file)) continue;
      jobs.push(
        (async () => {
          const options = { ...swcOptions(), filename: file, sourceFileName: path.relative(path.dirname(target), file) };
          const output = await transformFile(file, options);
          const jsFile = target.replace(/\.ts$/, '.js');
          await mkdir(path.dirname(jsFile), { recursive: true });
          await writeFile(jsFile, `${output.code}\n//# sourceMappingURL=${path.basename(jsFile)}.map\n`);
          if (output.map) await writeFile(`${jsFile}.map`, output.map);
        })(),
      );
    } else if (relative.split(path.sep).includes('migrations')) {
      jobs.push(mkdir(path.dirname(target), { recursive: true }).then(() => cp(file, target)));
    }
  }
}
await Promise.all(jobs);
console.log(`build: ${jobs.length} files into dist/ in ${Date.now() - started} ms`);

const { build: viteBuild } = await import('vite');
for (const app of webApps) {
  const viteStarted = Date.now();
  await viteBuild({ configFile: path.join(root, 'apps', app, 'vite.config.mjs'), logLevel: 'warn' });
  console.log(`build: apps/${app} bundled into dist/apps/${app}/ in ${Date.now() - viteStarted} ms`);
}
