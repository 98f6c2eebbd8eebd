import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Principal, type VerifiedToken } from '@teamfit/auth';
import { ApiErrors } from '@teamfit/common';
import { UuidParams } from '../shared/validation';
import { DemographicsDto, PutDemographicsDto } from './demographics.dto';
import { DemographicsService } from './demographics.service';

const ACCESS =
  "The persona's own persona token, or an administrator account token; another persona and non-administrator accounts are 403. ";

/**
 * /persona/:id/demographics (gateway: /profile/persona/:id/demographics): self-reported sex and
 * race/ethnicity, kept apart from the profile and read only by the adverse-impact report
 * (docs/fairness.md, "Demographics").
 */
@ApiTags('persona')
@ApiBearerAuth()
@ApiErrors({ 401: 'No Authorization header', 403: 'Invalid or expired token, another persona, or an account that is not an administrator' })
@Controller('persona')
export class DemographicsController {
  constructor(private readonly demographics: DemographicsService) {}

  @Get(':id/demographics')
  @ApiOperation({
    summary: "A persona's self-reported demographics (the persona itself, or administrators)",
    description: `${ACCESS}Never part of a persona answer, a score or a shortlist: only the adverse-impact report counts them.`,
  })
  @ApiOkResponse({ type: DemographicsDto })
  @ApiErrors({ 400: 'id is not a UUID', 404: 'No persona has this id, or it has declared no demographics' })
  get(@Param() { id }: UuidParams, @Principal() caller: VerifiedToken): Promise<DemographicsDto> {
    return this.demographics.get(id, caller);
  }

  @Put(':id/demographics')
  @ApiOperation({
    summary: "Declare or change a persona's demographics, with consent (the persona itself, or administrators)",
    description:
      `${ACCESS}\`sex\` and \`raceEthnicity\` (DECLINED is an answer: it counts as unknown), and \`consent: true\`, ` +
      'without which nothing is stored (false or missing is 400). Replaces an earlier declaration; `consentedAt` is set by the server to the time of this call. ' +
      'No score, shortlist or comparison reads them.',
  })
  @ApiOkResponse({ type: DemographicsDto })
  @ApiErrors({ 400: 'id is not a UUID, sex or raceEthnicity not one of its values, or consent not true', 404: 'No persona has this id' })
  put(@Param() { id }: UuidParams, @Body() body: PutDemographicsDto, @Principal() caller: VerifiedToken): Promise<DemographicsDto> {
    return this.demographics.put(id, body, caller);
  }

  @Delete(':id/demographics')
  @HttpCode(204)
  @ApiOperation({
    summary: "Withdraw consent: the persona's demographics are deleted (the persona itself, or administrators)",
    description: `${ACCESS}The row is deleted, not kept as DECLINED; from then on the persona counts as unknown in adverse-impact reports. 204 without a body.`,
  })
  @ApiNoContentResponse({ description: 'Deleted; no body' })
  @ApiErrors({ 400: 'id is not a UUID', 404: 'No persona has this id, or it has declared no demographics' })
  async remove(@Param() { id }: UuidParams, @Principal() caller: VerifiedToken): Promise<void> {
    await this.demographics.remove(id, caller);
  }
}
