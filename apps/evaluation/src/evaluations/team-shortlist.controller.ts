import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiExtraModels, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AlgorithmErrorDto, IdParams } from '../algorithm/shared/algorithm-http.dto';
import { AlgorithmAccess } from '../algorithm/shared/algorithm-openapi';
import { ROLE_MATCH_MODELS } from './comparison-response.dto';
import { ShortlistDto, ShortlistRequestDto } from './shortlist.dto';
import { ShortlistService } from './shortlist.service';

/** Candidates ranked against an algorithm team (gateway: /evaluation/algorithm/teams/:id/...): accounts only, like every algorithm route. */
@ApiTags('algorithm/teams')
@AlgorithmAccess()
@ApiExtraModels(...ROLE_MATCH_MODELS)
@Controller('algorithm/teams')
export class TeamShortlistController {
  constructor(private readonly shortlists: ShortlistService) {}

  @Post(':id/shortlist')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Every persona with a completed evaluation scored against the team, ranked and paged; nothing is stored',
    description:
      "Each persona's latest completed evaluation, scored as team-match (the team's own evaluations) and compare-team (others') score it; the team's members are left out of their own team context.",
  })
  @ApiOkResponse({ type: ShortlistDto })
  @ApiBadRequestResponse({ description: 'id, a filter, roleId, roleWeight, sort or paging invalid (the message names the field)', type: AlgorithmErrorDto })
  @ApiNotFoundResponse({ description: 'No team has this id', type: AlgorithmErrorDto })
  shortlist(@Param() { id }: IdParams, @Body() body: ShortlistRequestDto): Promise<ShortlistDto> {
    const { completedAfter, ...rest } = body;
    return this.shortlists.shortlist(id, { ...rest, ...(completedAfter === undefined ? {} : { completedAfter: new Date(completedAfter) }) });
  }
}
