import { Controller, Get, HttpCode } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../http/public.decorator';

export class HealthStatusDto {
  status!: 'ok';
}

@ApiTags('health')
@Controller()
export class HealthController {
  @Public()
  @Get('health')
  @ApiOperation({ summary: 'Liveness of the service' })
  @ApiOkResponse({ description: 'The service is up', type: HealthStatusDto })
  health(): HealthStatusDto {
    return { status: 'ok' };
  }

  @Public()
  @Get('_ping')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ping: 200 with an empty body' })
  @ApiOkResponse({ description: 'Empty body' })
  ping(): void {
    // An empty 200 is the whole answer.
  }
}
