import { Controller, Get, HttpCode } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../http/api-errors.decorator';
import { Public } from '../http/public.decorator';
import { DatabaseReadiness } from './database-readiness';

export class HealthStatusDto {
  status!: 'ok';
}

export class ReadinessStatusDto {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';

  @ApiProperty({ enum: ['ok'], description: 'The database answered' })
  database!: 'ok';
}

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly readiness: DatabaseReadiness) {}

  @Public()
  @Get('health')
  @ApiOperation({
    summary: 'Liveness of the service',
    description: 'Public: no token needed. The process answers; nothing else is checked (no database).',
  })
  @ApiOkResponse({ description: 'The service is up', type: HealthStatusDto })
  health(): HealthStatusDto {
    return { status: 'ok' };
  }

  @Public()
  @Get('health/ready')
  @ApiOperation({
    summary: 'Readiness of the service',
    description:
      "Public: no token needed. The service answers and reaches its database (`select 1`, at most one second). Container health checks and the gateway's start-up order use it.",
  })
  @ApiOkResponse({ description: 'Ready to serve requests', type: ReadinessStatusDto })
  @ApiErrors({ 503: 'The database is not reachable or did not answer in time (Retry-After: 2)' })
  async ready(): Promise<ReadinessStatusDto> {
    await this.readiness.check();
    return { status: 'ok', database: 'ok' };
  }

  @Public()
  @Get('_ping')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Ping: 200 with an empty body',
    description:
      'Public: no token needed. Answers 200 with an empty body and checks nothing, not even the database: the cheapest sign that the process is up and reachable.',
  })
  @ApiOkResponse({ description: 'Empty body' })
  ping(): void {
    // An empty 200 is the whole answer.
  }
}
