import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiErrors } from '@teamfit/common';
import { AccountResource } from '@teamfit/auth';
import { IdParams } from '../algorithm/shared/algorithm-http.dto';
import { ROLE_MATCH_MODELS } from './comparison-response.dto';
import { ShortlistDto, ShortlistRequestDto, TeamSimulationDto, TeamSimulationRequestDto } from './shortlist.dto';
import { ShortlistService } from './shortlist.service';
import { TeamSimulationService } from './team-simulation.service';

/**
 * Candidates ranked against an algorithm team, and the team simulated with personas added or
 * removed (gateway: /evaluation/algorithm/teams/:id/...). Accounts only, like every algorithm route.
 */
@AccountResource('algorithm/teams')
@ApiExtraModels(...ROLE_MATCH_MODELS)
@Controller('algorithm/teams')
export class TeamAnalysisController {
  constructor(
    private readonly shortlists: ShortlistService,
    private readonly simulations: TeamSimulationService,
  ) {}

  @Post(':id/shortlist')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Every persona with a completed evaluation scored against the team, ranked and paged; nothing is stored',
    description:
      "Any account token (administrator or not); persona tokens are refused (403). Each persona's latest completed evaluation, scored as team-match (the team's own evaluations) and compare-team (others') score it; the team's members are left out of their own team context. Each item carries its evaluation's latest human review (`review`); a result whose latest review EXCLUDED it is not listed unless `includeExcluded` (it still counts in the team context of the others), and an OVERRIDDEN score is shown in `review.overallScore` beside the computed score, which alone ranks and filters.",
  })
  @ApiOkResponse({ type: ShortlistDto })
  @ApiErrors({ 400: 'id, a filter, roleId, roleWeight, sort or paging invalid (the message names the field)', 404: 'No team has this id' })
  shortlist(@Param() { id }: IdParams, @Body() body: ShortlistRequestDto): Promise<ShortlistDto> {
    const { completedAfter, ...rest } = body;
    return this.shortlists.shortlist(id, {
      ...rest,
      ...(completedAfter === undefined ? {} : { completedAfter: new Date(completedAfter) }),
    });
  }

  @Post(':id/simulate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The team with personas added and removed: its profile before and after, and each member’s fit; nothing is stored',
    description:
      "Any account token (administrator or not); persona tokens are refused (403). Each member's fit is their workstyle score against the others, as team-match scores a member.",
  })
  @ApiOkResponse({ type: TeamSimulationDto })
  @ApiErrors({
    400: 'id or a list invalid; a persona added that is a member or has no completed evaluation, removed that is not a member, or in both lists',
    404: 'No team has this id',
  })
  simulate(@Param() { id }: IdParams, @Body() body: TeamSimulationRequestDto): Promise<TeamSimulationDto> {
    return this.simulations.simulate(id, body);
  }
}
