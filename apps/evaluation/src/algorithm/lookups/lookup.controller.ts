import { Controller, Delete, Get, Param, Post, Put, Query, Res, type Type } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AccountResource, AdminOnly } from '@teamfit/auth';
import type { FastifyReply } from 'fastify';
import { ApiErrors, PageQueryDto, ValidatedBody } from '@teamfit/common';
import { AlgorithmDeletedDto, IdParams } from '../shared/algorithm-http.dto';
import { TOTAL_COUNT_HEADER, TOTAL_COUNT_OPENAPI } from '../shared/algorithm-openapi';
import type { LookupDescriptor, LookupRow } from './lookup.descriptors';
import { LOOKUP_KIND_DTOS, type CreateNamedLookupDto, type LookupInput } from './lookup.dto';
import { LookupService } from './lookup.service';

/**
 * /algorithm/{collection} of one lookup (gateway: /evaluation/algorithm/{collection}). One class
 * per lookup so each has its own route, OpenAPI tag and body DTOs; the logic is shared.
 */
export function lookupController(lookup: LookupDescriptor): Type {
  const dtos = LOOKUP_KIND_DTOS[lookup.kind];
  const noun = lookup.label.toLowerCase();

  @AccountResource(`algorithm/${lookup.collection}`)
  @Controller(`algorithm/${lookup.collection}`)
  class LookupController {
    constructor(private readonly lookups: LookupService) {}

    @Get()
    @ApiOperation({ summary: `List ${lookup.collection}, by id` })
    @ApiOkResponse({ type: dtos.response, isArray: true, headers: TOTAL_COUNT_OPENAPI })
    @ApiErrors({ 400: 'page or limit invalid (limit at most 100)' })
    async list(@Query() query: PageQueryDto, @Res({ passthrough: true }) response: FastifyReply): Promise<LookupRow[]> {
      const { items, total } = await this.lookups.list(lookup, query);
      response.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    }

    @Post()
    @AdminOnly()
    @ApiOperation({ summary: `Create a ${noun} (administrators)` })
    @ApiBody({ type: dtos.create })
    @ApiCreatedResponse({ type: dtos.response })
    @ApiErrors({ 400: 'A field is missing or invalid, or not accepted' })
    create(@ValidatedBody(dtos.create) body: CreateNamedLookupDto & LookupInput): Promise<LookupRow> {
      return this.lookups.create(lookup, body);
    }

    @Get(':id')
    @ApiOperation({ summary: `Get a ${noun}` })
    @ApiOkResponse({ type: dtos.response })
    @ApiErrors({ 400: 'id is not a positive integer', 404: `No ${noun} has this id` })
    get(@Param() { id }: IdParams): Promise<LookupRow> {
      return this.lookups.get(lookup, id);
    }

    @Put(':id')
    @AdminOnly()
    @ApiOperation({ summary: `Update a ${noun} (administrators); only the given fields change` })
    @ApiBody({ type: dtos.update })
    @ApiOkResponse({ type: dtos.response })
    @ApiErrors({ 400: 'id is not a positive integer, or a field is invalid or not accepted', 404: `No ${noun} has this id` })
    update(@Param() { id }: IdParams, @ValidatedBody(dtos.update) body: LookupInput): Promise<LookupRow> {
      return this.lookups.update(lookup, id, body);
    }

    @Delete(':id')
    @AdminOnly()
    @ApiOperation({ summary: `Delete a ${noun} (administrators)` })
    @ApiOkResponse({ type: AlgorithmDeletedDto })
    @ApiErrors({
      400: 'id is not a positive integer',
      404: `No ${noun} has this id`,
      409: `A role specification, user experience or user goal still refers to the ${noun}`,
    })
    async remove(@Param() { id }: IdParams): Promise<AlgorithmDeletedDto> {
      await this.lookups.remove(lookup, id);
      return { message: `${lookup.label} deleted` };
    }
  }

  // Distinct class names keep OpenAPI operation ids (Controller_method) unique across lookups.
  Object.defineProperty(LookupController, 'name', {
    value: `${lookup.collection[0]?.toUpperCase()}${lookup.collection.slice(1)}Controller`,
  });
  return LookupController;
}
