// The floor under `GET /health` on this machine, for `npm run bench:http`: NestJS on Fastify with
// one controller and nothing of the platform's (no request id, API-call log, ETag, guard, filter
// or validation), answering `{"status":"ok"}` as the services' /health does. No NestJS service
// can answer /health faster than this row; the distance from it to the service's row is what the
// platform's own parts add.
// Run by bench:http only: node dist/bench/health-floor.server.js, with PORT in the environment.
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';

@Controller()
class HealthFloorController {
  @Get('health')
  health(): { status: string } {
    return { status: 'ok' };
  }
}

@Module({ controllers: [HealthFloorController] })
class HealthFloorModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(
    HealthFloorModule,
    new FastifyAdapter({ skipMiddie: true, multipart: false }),
    { logger: false },
  );
  await app.listen(Number(process.env['PORT']), '127.0.0.1');
}

void main();
