import { type DynamicModule, type INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { ConfigError, type Environment, loadServiceConfig, type ServiceConfig } from '../config/service-config';
import type { ServiceName } from '../config/service-name';
import { expressErrorHandler } from '../errors/platform-exception.filter';
import { requestLogMiddleware } from '../request-log/request-log.middleware';
import { RequestLogWriter } from '../request-log/request-log.writer';
import { mountOpenApi } from './openapi';

export type ServiceModuleFactory = (config: ServiceConfig) => DynamicModule;

/**
 * Builds a configured, not yet listening, application: the same path for `main.ts` and for
 * end-to-end tests, so tests exercise exactly what runs.
 */
export async function createServiceApp(config: ServiceConfig, moduleFactory: ServiceModuleFactory): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(moduleFactory(config), {
    bodyParser: false,
    logger: loggerLevels(config.logLevel),
  });
  // The gateway is the only client; it replaces X-Forwarded-For with the caller's address.
  app.set('trust proxy', 'loopback, uniquelocal');
  app.disable('x-powered-by');
  if (config.requestLog) app.use(requestLogMiddleware(app.get(RequestLogWriter), config.service, config));
  const limit = config.bodyLimitBytes;
  app.use(express.json({ limit }));
  app.use(express.urlencoded({ extended: true, limit }));
  app.use(expressErrorHandler);
  app.enableShutdownHooks();
  mountOpenApi(app, config.service);
  return app;
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
  if (process.connected) {
    // Started by the local runner over IPC: if the runner dies, even by SIGKILL, do not linger.
    process.once('disconnect', () => void app.close().finally(() => process.exit(0)));
  }
  return app;
}

function loggerLevels(level: ServiceConfig['logLevel']): Array<'error' | 'warn' | 'log' | 'debug' | 'verbose' | 'fatal'> {
  const order = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'] as const;
  return order.slice(0, order.indexOf(level) + 1);
}
