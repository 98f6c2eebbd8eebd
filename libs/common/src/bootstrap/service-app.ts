import { type DynamicModule, type INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { flushCompileCache } from 'node:module';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigError, type Environment, loadServiceConfig, type ServiceConfig } from '../config/service-config';
import type { ServiceName } from '../config/service-name';
import { frameworkErrorHandler } from '../http/bad-url';
import { BEARER_CHECK, type BearerCheck, registerBodyParsers } from '../http/body-parsers';
import { registerResponseConventions } from '../http/response-conventions.hook';
import { trustedProxy } from '../http/trusted-proxy';
import { PlatformExceptionFilter } from '../errors/platform-exception.filter';
import { requestIdOf } from '../logging/request-id';
import { type LogOutput, ServiceLog } from '../logging/service-log';
import {
  type RefusedCallRecorder,
  refusedCallRecorder,
  type RequestRecorders,
  registerRequestHooks,
} from '../request-log/request-log.hooks';
import { RequestLogWriter } from '../request-log/request-log.writer';
import { REQUEST_LOG_POOL } from '../request-log/request-log.module';
import { ServiceMetrics } from '../metrics/service-metrics';
import { Pool } from 'pg';
import { mountOpenApi } from './openapi';
import { loadOpenApiMetadata } from './openapi-metadata';

export type ServiceModuleFactory = (config: ServiceConfig) => DynamicModule;

/** Longer than any path segment a client could fit in a request line: a long id is a 400, not a 414. */
const MAX_PARAM_LENGTH = 16 * 1024;

/** Fastify, set up to answer exactly as the services always have. */
function fastifyAdapter(config: ServiceConfig, refusedCalls: () => RefusedCallRecorder | undefined): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: config.bodyLimitBytes,
    // The gateway is the only client; it replaces X-Forwarded-For with the caller's address.
    trustProxy: trustedProxy(['loopback', 'uniquelocal']),
    // Routes match whatever the case of the path and with or without a trailing slash.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // Node's own defaults, which clients (and the gateway's upstream keep-alive) were given.
    keepAliveTimeout: 5_000,
    requestTimeout: 300_000,
    frameworkErrors: frameworkErrorHandler(refusedCalls),
    // request.id: the gateway's X-Request-Id when it is sane, else a new one (see requestIdOf).
    genReqId: requestIdOf,
    // No Nest middleware and no @fastify/multipart: uploads go through multer (see upload/).
    skipMiddie: true,
    multipart: false,
  });
}

export interface ServiceAppOptions {
  /** Where the service log writes; stdout unless a test or a benchmark reads the lines. */
  logOutput?: LogOutput;
}

/**
 * Builds a configured, not yet listening, application: the same path for `main.ts` and for
 * end-to-end tests, so tests exercise exactly what runs.
 */
export async function createServiceApp(
  config: ServiceConfig,
  moduleFactory: ServiceModuleFactory,
  options: ServiceAppOptions = {},
): Promise<INestApplication> {
  // The router's refusals are recorded by hooks made once the application (and its log writer) exists.
  const refused: { record?: RefusedCallRecorder } = {};
  const log = new ServiceLog({ service: config.service, level: config.logLevel, format: config.logFormat, output: options.logOutput });
  const app = await NestFactory.create<NestFastifyApplication>(
    moduleFactory(config),
    fastifyAdapter(config, () => refused.record),
    {
      bodyParser: false,
      logger: log,
    },
  );
  app.useGlobalFilters(new PlatformExceptionFilter(log));
  const instance = app.getHttpAdapter().getInstance();
  registerBodyParsers(instance, config.bodyLimitBytes, bearerCheckOf(app));
  registerResponseConventions(instance);
  const metrics = app.get(ServiceMetrics);
  const sink = config.requestLog ? app.get(RequestLogWriter) : undefined;
  watchPools(app, metrics);
  if (sink) metrics.watchRequestLog(sink);
  const recorders: RequestRecorders = { sink, log, service: config.service, origins: config, metrics };
  registerRequestHooks(instance, recorders);
  refused.record = refusedCallRecorder(recorders);
  app.enableShutdownHooks();
  await loadOpenApiMetadata(app);
  mountOpenApi(app, config.service);
  return app;
}

/** The service's database pool and the API-call log's, where the service has them. */
function watchPools(app: INestApplication, metrics: ServiceMetrics): void {
  for (const [name, token] of [
    ['primary', Pool],
    ['api-call-log', REQUEST_LOG_POOL],
  ] as const) {
    const pool = providerOf<Pool | null>(app, token);
    if (pool) metrics.watchPool(name, pool);
  }
}

/** A provider of any module, or undefined where the service has none. */
function providerOf<T>(app: INestApplication, token: symbol | (abstract new (...args: never[]) => unknown)): T | undefined {
  try {
    return app.get<T>(token, { strict: false });
  } catch {
    return undefined;
  }
}

/** The security module's check of bearer tokens; without one, no token is genuine (small bodies only). */
function bearerCheckOf(app: INestApplication): BearerCheck {
  return providerOf<BearerCheck>(app, BEARER_CHECK) ?? (() => false);
}

export interface RunServiceOptions {
  service: ServiceName;
  moduleFactory: ServiceModuleFactory;
  /** Runs before the port opens, e.g. the service's migrations. */
  beforeListen?: (config: ServiceConfig) => Promise<void>;
  env?: Environment;
}

/** Entry point of every service: validate configuration once, prepare, listen. */
export async function runService(options: RunServiceOptions): Promise<INestApplication> {
  const logger = new Logger(`${options.service}`);
  let config: ServiceConfig;
  try {
    config = loadServiceConfig(options.service, options.env ?? process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`[${options.service}] invalid configuration: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  await options.beforeListen?.(config);
  const app = await createServiceApp(config, options.moduleFactory);
  await app.listen(config.port, config.host);
  logger.log(`listening on ${config.host}:${config.port}`);
  // With NODE_COMPILE_CACHE set, Node keeps the compiled code of every module loaded so far for the
  // next start; written now rather than at exit, which a killed process never reaches.
  flushCompileCache();
  if (process.connected) {
    // Started by the local runner over IPC: if the runner dies, even by SIGKILL, do not linger.
    process.once('disconnect', () => void app.close().finally(() => process.exit(0)));
  }
  return app;
}
