// One SWC configuration for the build (tools/build.mjs) and for Jest (jest.preset.js), so the
// code under test is compiled exactly as the code that runs.
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const tsconfig = require(path.join(root, 'tsconfig.base.json'));

/** @returns {import('@swc/core').Options} */
function swcOptions() {
  return {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2023',
      keepClassNames: true,
      baseUrl: root,
      paths: tsconfig.compilerOptions.paths,
    },
    module: { type: 'commonjs', ignoreDynamic: true },
    sourceMaps: true,
  };
}

module.exports = { swcOptions, root };
