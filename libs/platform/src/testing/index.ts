export { TestTokens, startTestService, testServiceConfig, type RunningTestService, type TestServiceOptions } from './test-service';
export { ResponseContract } from './response-contract';
