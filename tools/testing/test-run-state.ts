/** What global setup started, for global teardown (both run in Jest's parent process). */
export const testRunState: {
  stopPostgres?: () => Promise<void>;
  dropTemplate?: { adminUrl: string; template: string };
} = ((globalThis as Record<string, unknown>)['__teamfitTestRun'] ??= {}) as never;
