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
  @ApiOperation({
    summary: 'Counts of organisations, personas (by status and role), evaluations (by status) and teams',
    description:
      'Account tokens only (administrator or not; persona tokens: 403). Counts across the services, read from the read database, so they may trail the latest writes: organisations, personas by status (active: ACTIVE; inactive: BLOCKED or PENDING) and by role, evaluations (all, in progress, completed) and profile teams.',
  })
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
  @ApiOperation({
    summary: 'Calls per day and device type (desktop, mobile, unknown), last 90 days, ascending',
    description:
      'Account tokens only (administrator or not; persona tokens: 403). From the API-call log: one object per UTC day that had calls, ascending, over today and the 89 days before, with the calls of each device type seen that day (from the User-Agent: `desktop`, `mobile`, `unknown`).',
  })
  @ApiOkResponse({ schema: DAILY_SERIES_SCHEMA })
  visitors(): Promise<DailySeries> {
    return this.statistics.visitors();
  }

  @Get('byapp')
  @ApiOperation({
    summary: 'Calls per day and caller app (admin, hub, postman, unknown, …), last 90 days, ascending',
    description:
      'Account tokens only (administrator or not; persona tokens: 403). From the API-call log: one object per UTC day that had calls, ascending, over today and the 89 days before, with the calls of each caller app seen that day, decided by the `x-app-source` header (`admin`, `hub`), a Postman User-Agent (`postman`), then the Origin or Referer, else `unknown`.',
  })
  @ApiOkResponse({ schema: DAILY_SERIES_SCHEMA })
  byApp(): Promise<DailySeries> {
    return this.statistics.byApp();
  }
}
