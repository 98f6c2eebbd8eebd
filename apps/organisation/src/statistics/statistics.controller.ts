import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AcceptTokens } from '@teamfit/auth';
import { ApiErrors } from '@teamfit/common';
import { type DailySeries, type PlatformOverview, StatisticsService } from './statistics.service';

const DAILY_SERIES_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    required: ['date'],
    properties: { date: { type: 'string', format: 'date', example: '2026-11-21' } },
    additionalProperties: { type: 'integer' },
  },
};

@ApiTags('statistics')
@ApiBearerAuth()
@AcceptTokens('account')
@ApiErrors({ 401: 'No Bearer token', 403: 'Invalid token, or not an account token' })
@Controller('stats')
export class StatisticsController {
  constructor(private readonly statistics: StatisticsService) {}

  @Get()
  @ApiOperation({ summary: 'Counts of organisations, personas (by status and role), evaluations (by status) and teams' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      example: {
        organisation: { totalNumberOfOrganisation: 3 },
        user: { totalActiveUsers: 10, totalInactiveUsers: 4 },
        evaluations: { totalEvaluations: 20, totalEvaluationsInProgress: 5, totalEvaluationsCompleted: 12 },
        persona: {
          totalNumberOfPersonas: 14,
          totalNumberOfCandidates: 6,
          totalNumberOfEmployee: 8,
          totalNumberOfHR: 1,
          totalNumberOfTeamManager: 2,
          totalNumberOfManager: 1,
        },
        team: { totalNumberOfTeam: 4 },
      },
    },
  })
  overview(): Promise<PlatformOverview> {
    return this.statistics.overview();
  }

  @Get('visitors')
  @ApiOperation({ summary: 'Calls per day and device type (desktop, mobile, unknown), last 90 days, ascending' })
  @ApiOkResponse({ schema: DAILY_SERIES_SCHEMA })
  visitors(): Promise<DailySeries> {
    return this.statistics.visitors();
  }

  @Get('byapp')
  @ApiOperation({ summary: 'Calls per day and caller app (admin, hub, postman, unknown, …), last 90 days, ascending' })
  @ApiOkResponse({ schema: DAILY_SERIES_SCHEMA })
  byApp(): Promise<DailySeries> {
    return this.statistics.byApp();
  }
}
