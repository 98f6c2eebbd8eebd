export {
  TestTokens,
  serviceUnderTest,
  startTestService,
  testServiceConfig,
  type RunningTestService,
  type ServiceUnderTest,
  type TestServiceOptions,
} from './test-service';
export { ISO_TIMESTAMP, UNKNOWN_OBJECT_ID, UNKNOWN_UUID, UUID, expectBadRequest } from './expectations';
export { ResponseContract } from './response-contract';
export { TEST_ADMIN_ACCOUNT, TEST_MEMBER_ACCOUNT, seedTestAccounts, type ExtraTestAccount } from './test-accounts';
