// Preloaded into a service process by ../traces.e2e-spec.ts (NODE_OPTIONS=--require): answers the
// test's "loaded-modules" message over the process's IPC channel with every file Node has loaded.
process.on('message', (message) => {
  if (message === 'loaded-modules') process.send({ loadedModules: Object.keys(require.cache) });
});
