// Jest settings both test tiers share (jest.unit.config.js, jest.e2e.config.js): where tests live,
// the same SWC compilation as the build, and the workspace's path aliases.
const fs = require('node:fs');
const path = require('node:path');
const { swcOptions } = require('./tools/swc-options.cjs');
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [`^${alias.replace(/[/]/g, '\\/')}$`, path.join(__dirname, target)]),
);

/**
 * NestJS 12 and a few other dependencies ship only ES modules. The product loads them through
 * Node's require(esm); Jest 30 does that only on Node 24.9+, so on Node 20 Jest compiles them to
 * CommonJS with SWC instead. The list is read from node_modules, not kept by hand.
 */
function esmOnlyPackages() {
  const names = new Set();
  const isEsm = (dir) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).type === 'module';
    } catch {
      return false;
    }
  };
  const packagesIn = (root) => {
    const found = [];
    if (!fs.existsSync(root)) return found;
    for (const entry of fs.readdirSync(root)) {
      if (entry.startsWith('.')) continue;
      if (entry.startsWith('@')) {
        for (const scoped of fs.readdirSync(path.join(root, entry))) found.push(`${entry}/${scoped}`);
      } else {
        found.push(entry);
      }
    }
    return found;
  };
  const root = path.join(__dirname, 'node_modules');
  for (const name of packagesIn(root)) {
    if (isEsm(path.join(root, name))) names.add(name);
    // A dependency's own copy of a package (e.g. an ES-module-only major of it).
    const nested = path.join(root, name, 'node_modules');
    for (const inner of packagesIn(nested)) if (isEsm(path.join(nested, inner))) names.add(inner);
  }
  return [...names].map((name) => name.replace(/[.+]/g, (c) => `\\${c}`));
}

const { sourceMaps: _sourceMaps, ...transformOptions } = swcOptions();

module.exports = {
  rootDir: __dirname,
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/gateway', '<rootDir>/tools'],
  testTimeout: 60_000,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', { ...transformOptions, swcrc: false }],
    '^.+\\.m?js$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2023' }, module: { type: 'commonjs' }, swcrc: false },
    ],
  },
  // Decided by the innermost node_modules folder of a path, so nested copies count too.
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages().join('|')})/)(?!.*/node_modules/)`],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper,
  resolver: '<rootDir>/tools/testing/jest-resolver.cjs',
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/\\.data/'],
};
