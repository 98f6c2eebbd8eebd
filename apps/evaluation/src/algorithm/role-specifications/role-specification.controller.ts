import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AccountResource, AdminOnly } from '@teamfit/auth';
import type { FastifyReply } from 'fastify';
import { ApiErrors, PageQueryDto } from '@teamfit/common';
import { AlgorithmDeletedDto, IdParams } from '../shared/algorithm-http.dto';
import { TOTAL_COUNT_HEADER, TOTAL_COUNT_OPENAPI } from '../shared/algorithm-openapi';
import { RoleSpecificationDto, RoleSpecificationInput } from './role-specification.dto';
import { RoleSpecificationService } from './role-specification.service';

const UNKNOWN_OR_INVALID =
  'A criterion is invalid or not accepted, or refers to a lookup id that does not exist (the message names the field)';

/** /algorithm/rolespecifications (gateway: /evaluation/algorithm/rolespecifications): the criteria a role is matched by. */
@AccountResource('algorithm/rolespecifications')
@Controller('algorithm/rolespecifications')
export class RoleSpecificationController {
  constructor(private readonly specifications: RoleSpecificationService) {}

  @Get()
  @ApiOperation({
    summary: 'List role specifications, by id',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). One page of role specifications as a plain array ordered by `id`; the `X-Total-Count` header gives the size of the whole collection. `page` defaults to 1, `limit` to 10 (at most 100; more is 400).',
  })
  @ApiOkResponse({ type: RoleSpecificationDto, isArray: true, headers: TOTAL_COUNT_OPENAPI })
  @ApiErrors({ 400: 'page or limit invalid (limit at most 100)' })
  async list(@Query() query: PageQueryDto, @Res({ passthrough: true }) response: FastifyReply): Promise<RoleSpecificationDto[]> {
    const { items, total } = await this.specifications.list(query);
    response.header(TOTAL_COUNT_HEADER, String(total));
    return items;
  }

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary: 'Create a role specification (administrators); absent criteria are null',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Creates the criteria a role is matched by: `industry`, `function`, `skill`, `studyMajor`, `location` as `{ids, priority}`, `professionalYears` and `educationLevel` as `{id, priority}` (priority 1 weighs most). Every lookup id must exist (400 naming the field).',
  })
  @ApiCreatedResponse({ type: RoleSpecificationDto })
  @ApiErrors({ 400: UNKNOWN_OR_INVALID })
  create(@Body() body: RoleSpecificationInput): Promise<RoleSpecificationDto> {
    return this.specifications.create(body);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get a role specification',
    description:
      'Any account token (administrator or not); persona tokens are refused (403). The specification with every criterion, null when not configured; 404 when none has this id.',
  })
  @ApiOkResponse({ type: RoleSpecificationDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No role specification has this id' })
  get(@Param() { id }: IdParams): Promise<RoleSpecificationDto> {
    return this.specifications.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Update a role specification (administrators); only the criteria given change, null removes one',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). A criterion sent replaces the stored one whole; `null` removes it, and criteria left out stay. Every lookup id must exist (400 naming the field).',
  })
  @ApiOkResponse({ type: RoleSpecificationDto })
  @ApiErrors({ 400: `id is not a positive integer, or: ${UNKNOWN_OR_INVALID}`, 404: 'No role specification has this id' })
  update(@Param() { id }: IdParams, @Body() body: RoleSpecificationInput): Promise<RoleSpecificationDto> {
    return this.specifications.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Delete a role specification (administrators)',
    description:
      'Administrator account tokens only (other accounts and persona tokens: 403). Deletes the specification and answers `{message}`; while a role refers to it the answer is 409 and nothing is deleted.',
  })
  @ApiOkResponse({ type: AlgorithmDeletedDto })
  @ApiErrors({
    400: 'id is not a positive integer',
    404: 'No role specification has this id',
    409: 'A role still refers to the specification',
  })
  async remove(@Param() { id }: IdParams): Promise<AlgorithmDeletedDto> {
    await this.specifications.remove(id);
    return { message: 'Role specification deleted' };
  }
}
