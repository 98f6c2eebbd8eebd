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
  @ApiOperation({ summary: 'List role specifications, by id' })
  @ApiOkResponse({ type: RoleSpecificationDto, isArray: true, headers: TOTAL_COUNT_OPENAPI })
  @ApiErrors({ 400: 'page or limit invalid (limit at most 100)' })
  async list(@Query() query: PageQueryDto, @Res({ passthrough: true }) response: FastifyReply): Promise<RoleSpecificationDto[]> {
    const { items, total } = await this.specifications.list(query);
    response.header(TOTAL_COUNT_HEADER, String(total));
    return items;
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a role specification (administrators); absent criteria are null' })
  @ApiCreatedResponse({ type: RoleSpecificationDto })
  @ApiErrors({ 400: UNKNOWN_OR_INVALID })
  create(@Body() body: RoleSpecificationInput): Promise<RoleSpecificationDto> {
    return this.specifications.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a role specification' })
  @ApiOkResponse({ type: RoleSpecificationDto })
  @ApiErrors({ 400: 'id is not a positive integer', 404: 'No role specification has this id' })
  get(@Param() { id }: IdParams): Promise<RoleSpecificationDto> {
    return this.specifications.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update a role specification (administrators); only the criteria given change, null removes one' })
  @ApiOkResponse({ type: RoleSpecificationDto })
  @ApiErrors({ 400: `id is not a positive integer, or: ${UNKNOWN_OR_INVALID}`, 404: 'No role specification has this id' })
  update(@Param() { id }: IdParams, @Body() body: RoleSpecificationInput): Promise<RoleSpecificationDto> {
    return this.specifications.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a role specification (administrators)' })
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
