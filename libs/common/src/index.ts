export { SERVICES, SERVICE_NAMES, type ServiceName } from './config/service-name';
export {
  ConfigError,
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  SERVICE_ENVIRONMENT_VARIABLES,
  loadServiceConfig,
  type Environment,
  type ServiceConfig,
} from './config/service-config';
export { ConfigModule, InjectConfig, SERVICE_CONFIG } from './config/config.module';
export { DomainError, conflict, forbidden, notFound, validationFailed, type DomainErrorCode } from './errors/domain-error';
export { INTERNAL_ERROR_MESSAGE, errorBody, postgresErrorOf, toErrorBody, type ErrorBody } from './errors/error-body';
export { PlatformExceptionFilter } from './errors/platform-exception.filter';
export {
  ValidatedBody,
  ValidatedLenientBody,
  createValidationPipe,
  describeValidationErrors,
  type UnknownFields,
} from './http/validation.pipe';
export { IsOmittable } from './http/optional-field';
export { PAGE_LIMIT_MAX, PageInfoDto, PageQueryDto, offsetOf, pageOf, type Page, type PageRequest } from './http/page';
export { ApiErrors, type ErrorStatus } from './http/api-errors.decorator';
export { CLOCK, InjectClock, systemClock, type Clock } from './clock/clock';
export { ClockModule } from './clock/clock.module';
export { DECIMAL_DIGITS, INT4_MAX, INT4_MIN, IsInt4, ToInteger } from './http/integer-fields';
export { WithoutNul } from './http/text-fields';
export { ALGORITHM_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, OBJECT_ID, TITLE_MAX_LENGTH } from './http/field-rules';
export { IS_PUBLIC_ROUTE, Public } from './http/public.decorator';
export { HealthController } from './health/health.controller';
export { PlatformModule, type PlatformOptions } from './bootstrap/platform.module';
export { PARTNER_KEY_SCHEME, PARTNER_KEY_SECURITY_SCHEME, buildOpenApiDocument, mountOpenApi } from './bootstrap/openapi';
export { OPENAPI_CONTACT, OPENAPI_LICENSE, completeOpenApiDocument, operationsOf } from './bootstrap/openapi-lint';
export { OPENAPI_TAG_DESCRIPTIONS } from './bootstrap/openapi-tags';
export { OPENAPI_METADATA, loadOpenApiMetadata, type OpenApiMetadata } from './bootstrap/openapi-metadata';
export {
  createServiceApp,
  runService,
  type RunServiceOptions,
  type ServiceAppOptions,
  type ServiceModuleFactory,
} from './bootstrap/service-app';
export { ServiceLog, type LogOutput, type ServiceLogOptions } from './logging/service-log';
export { REQUEST_ID_HEADER, requestIdOf } from './logging/request-id';
export { callerAppOf, deviceTypeOf, type CallerOrigins, type DeviceType } from './request-log/caller-app';
export type { ApiCallEntry } from './request-log/api-call-entry';
export {
  loggedCallerOf,
  type CallerKind,
  type LoggedCaller,
  type LoggedPrincipal,
  type PrincipalCarrier,
} from './request-log/logged-caller';
export { REDACTED, loggableBody, redactBody, redactRawHeaders } from './request-log/redaction';
export { RequestLogWriter, type RequestLogWriterOptions } from './request-log/request-log.writer';
export { UnloggedParams } from './request-log/unlogged-params';
export { registerRequestHooks, type RequestLogSink, type RequestRecorders } from './request-log/request-log.hooks';
export { RequestLogReader, type DailyCount } from './request-log/request-log.reader';
export { RequestLogRetention, type RetentionOutcome, type RetentionWindows } from './request-log/request-log.retention';
export { REQUEST_LOG_POOL, RequestLogModule } from './request-log/request-log.module';
export { ErrorResponseDto } from './http/error-response.dto';
export { LruMap } from './cache/lru-map';
export { FileUploadInterceptor, type UploadOptions, type UploadOptionsSource } from './upload/file-upload.interceptor';
export { multerErrorToHttp } from './upload/multer-errors';
export { BodyReadError, mediaTypeOf } from './http/request-body';
export { BEARER_CHECK, type BearerCheck, JSON_BODY_LIMIT, UNAUTHENTICATED_BODY_LIMIT } from './http/body-parsers';
export { MAX_ARRAY_ITEMS, MAX_BODY_VALUES, MAX_OBJECT_FIELDS } from './http/body-shape';
export {
  ApiCallExportReader,
  identityPattern,
  type ExportedApiCallRow,
  type ExportedCaller,
  type LoggedIdentity,
} from './privacy/persona-export.reader';
export { SOMEONE_ELSE } from './privacy/other-people';
export { ServiceMetrics, UNMATCHED_ROUTE, type QueueGauges } from './metrics/service-metrics';
