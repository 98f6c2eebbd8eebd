import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '@teamfit/auth';
import type { FastifyReply } from 'fastify';
import { AlgorithmDeletedDto, AlgorithmErrorDto, IdParams, pageOf, PageQuery } from '../shared/algorithm-http.dto';
import { AlgorithmAccess, TOTAL_COUNT_HEADER, TOTAL_COUNT_OPENAPI } from '../shared/algorithm-openapi';
import { RoleSpecificationDto, RoleSpecificationInput } from './role-specification.dto';
import { RoleSpecificationService } from './role-specification.service';

const UNKNOWN_OR_INVALID = 'A criterion is invalid or not accepted, or refers to a lookup id that does not exist (the message names the field)';

/** /algorithm/rolespecifications (gateway: /evaluation/algorithm/rolespecifications): the criteria a role is matched by. */
@ApiTags('algorithm/rolespecifications')
@AlgorithmAccess()
@Controller('algorithm/rolespecifications')
export class RoleSpecificationController {
  constructor(private readonly specifications: RoleSpecificationService) {}

  @Get()
  @ApiOperation({ summary: 'List role specifications, by id' })
  @ApiOkResponse({ type: RoleSpecificationDto, isArray: true, headers: TOTAL_COUNT_OPENAPI })
  @ApiBadRequestResponse({ description: 'page or limit invalid (limit at most 100)', type: AlgorithmErrorDto })
  async list(@Query() query: PageQuery, @Res({ passthrough: true }) response: FastifyReply): Promise<RoleSpecificationDto[]> {
    const { items, total } = await this.specifications.list(pageOf(query));
    response.header(TOTAL_COUNT_HEADER, String(total));
    return items;
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a role specification (administrators); absent criteria are null' })
  @ApiCreatedResponse({ type: RoleSpecificationDto })
  @ApiBadRequestResponse({ description: UNKNOWN_OR_INVALID, type: AlgorithmErrorDto })
  create(@Body() body: RoleSpecificationInput): Promise<RoleSpecificationDto> {
    return this.specifications.create(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a role specification' })
  @ApiOkResponse({ type: RoleSpecificationDto })
  @ApiBadRequestResponse({ description: 'id is not a positive integer', type: AlgorithmErrorDto })
  @ApiNotFoundResponse({ description: 'No role specification has this id', type: AlgorithmErrorDto })
  get(@Param() { id }: IdParams): Promise<RoleSpecificationDto> {
    return this.specifications.get(id);
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Update a role specification (administrators); only the criteria given change, null removes one' })
  @ApiOkResponse({ type: RoleSpecificationDto })
  @ApiBadRequestResponse({ description: `id is not a positive integer, or: ${UNKNOWN_OR_INVALID}`, type: AlgorithmErrorDto })
  @ApiNotFoundResponse({ description: 'No role specification has this id', type: AlgorithmErrorDto })
  update(@Param() { id }: IdParams, @Body() body: RoleSpecificationInput): Promise<RoleSpecificationDto> {
    return this.specifications.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a role specification (administrators)' })
  @ApiOkResponse({ type: AlgorithmDeletedDto })
  @ApiBadRequestResponse({ description: 'id is not a positive integer', type: AlgorithmErrorDto })
  @ApiNotFoundResponse({ description: 'No role specification has this id', type: AlgorithmErrorDto })
  @ApiConflictResponse({ description: 'A role still refers to the specification', type: AlgorithmErrorDto })
  async remove(@Param() { id }: IdParams): Promise<AlgorithmDeletedDto> {
    await this.specifications.remove(id);
    return { message: 'Role specification deleted' };
  }
}
