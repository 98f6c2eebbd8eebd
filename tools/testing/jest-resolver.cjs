// Jest resolves a package's exports with the `require` condition. kubernetes-models and its
// @kubernetes-models packages export only `import` entries (ES modules, compiled to CommonJS by
// the preset's transform like the other ES-module-only packages), so for them the `import`
// condition is added; every other package resolves as before.
const ESM_EXPORTS_ONLY = /^(kubernetes-models|@kubernetes-models\/[^/]+)(\/|$)/;

module.exports = (request, options) =>
  options.defaultResolver(
    request,
    ESM_EXPORTS_ONLY.test(request) ? { ...options, conditions: [...(options.conditions ?? []), 'import'] } : options,
  );
