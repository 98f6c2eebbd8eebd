/** What global setup started, for global teardown (both run in Jest's parent process). */
export interface TestRunState {
  stopPostgres?: () => Promise<void>;
  dropTemplate?: { adminUrl: string; template: string };
}

const holder = globalThis as { __teamfitTestRun?: TestRunState };
export const testRunState: TestRunState = (holder.__teamfitTestRun ??= {});
