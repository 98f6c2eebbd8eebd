import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AccountResource, AdminOnly } from '@teamfit/auth';
import { ApiErrors } from '@teamfit/common';
import { IdParams } from '../algorithm/shared/algorithm-http.dto';
import { AdverseImpactReportDto, AdverseImpactRequestDto } from './adverse-impact.dto';
import { AdverseImpactService } from './adverse-impact.service';

/**
 * The adverse-impact report of a team's shortlist (gateway: /evaluation/algorithm/teams/:id/adverse-impact).
 * The shortlist's access rule (accounts, no persona), narrowed to administrators: it reads
 * special-category data.
 */
@AccountResource('fairness')
@Controller('algorithm/teams')
export class AdverseImpactController {
  constructor(private readonly reports: AdverseImpactService) {}

  @Post(':id/adverse-impact')
  @AdminOnly()
  @HttpCode(200)
  @ApiOperation({
    summary: "Adverse impact of a team's shortlist by sex, race/ethnicity and their intersections; nothing is stored",
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). The sample is everyone the shortlist lists with the same filters, ' +
      'roleId and roleWeight (all pages), scored by its sort score (combined with a roleId, else workstyle). Scoring rate: the share of a category ' +
      'scoring strictly above the median of the whole sample; selection rate (with `cutoff`): the share at or above it. Per category the count, ' +
      'the rate, the impact ratio (rate / highest rate among the categories), `fourFifthsFlag` (ratio below 0.8) and `smallSample` (under 2 % of ' +
      'the sample); people without demographics or who declined are counted as `unknown` and kept out of the ratios. Rates and ratios to 4 ' +
      'decimals; a null ratio carries its reason. docs/fairness.md gives the formulas and a worked example.',
  })
  @ApiOkResponse({ type: AdverseImpactReportDto })
  @ApiErrors({ 400: 'id, a filter, roleId, roleWeight or cutoff invalid (the message names the field)', 404: 'No team has this id' })
  report(@Param() { id }: IdParams, @Body() body: AdverseImpactRequestDto): Promise<AdverseImpactReportDto> {
    const { completedAfter, ...rest } = body;
    return this.reports.report(id, {
      ...rest,
      ...(completedAfter === undefined ? {} : { completedAfter: new Date(completedAfter) }),
    });
  }
}
