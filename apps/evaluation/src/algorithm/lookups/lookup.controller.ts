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
    @ApiOperation({
      summary: `List ${lookup.collection}, by id`,
      description: `Any account token (administrator or not); persona tokens are refused (403). One page of ${lookup.collection} as a plain array ordered by \`id\`; the \`X-Total-Count\` header gives the size of the whole collection. \`page\` defaults to 1, \`limit\` to 10 (at most 100; more is 400).`,
    })
    @ApiOkResponse({ type: dtos.response, isArray: true, headers: TOTAL_COUNT_OPENAPI })
    @ApiErrors({ 400: 'page or limit invalid (limit at most 100)' })
    async list(@Query() query: PageQueryDto, @Res({ passthrough: true }) response: FastifyReply): Promise<LookupRow[]> {
      const { items, total } = await this.lookups.list(lookup, query);
      response.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    }

    @Post()
    @AdminOnly()
    @ApiOperation({
      summary: `Create a ${noun} (administrators)`,
      description: `Administrator account tokens only (other accounts and persona tokens: 403). Creates a record in ${lookup.collection} with the next integer \`id\` (a client cannot choose one); \`name\` is 1-200 characters and need not be unique${lookup.kind === 'ordered' ? `, \`orderBy\` an integer >= 0` : ''}${lookup.kind === 'located' ? `, \`countryId\` an integer >= 1, stored as given` : ''}.`,
    })
    @ApiBody({ type: dtos.create })
    @ApiCreatedResponse({ type: dtos.response })
    @ApiErrors({ 400: 'A field is missing or invalid, or not accepted' })
    create(@ValidatedBody(dtos.create) body: CreateNamedLookupDto & LookupInput): Promise<LookupRow> {
      return this.lookups.create(lookup, body);
    }

    @Get(':id')
    @ApiOperation({
      summary: `Get a ${noun}`,
      description: `Any account token (administrator or not); persona tokens are refused (403). The ${noun} with this integer \`id\`; 404 when there is none.`,
    })
    @ApiOkResponse({ type: dtos.response })
    @ApiErrors({ 400: 'id is not a positive integer', 404: `No ${noun} has this id` })
    get(@Param() { id }: IdParams): Promise<LookupRow> {
      return this.lookups.get(lookup, id);
    }

    @Put(':id')
    @AdminOnly()
    @ApiOperation({
      summary: `Update a ${noun} (administrators); only the given fields change`,
      description: `Administrator account tokens only (other accounts and persona tokens: 403). A partial update: only the fields sent change; answers the whole ${noun}.`,
    })
    @ApiBody({ type: dtos.update })
    @ApiOkResponse({ type: dtos.response })
    @ApiErrors({ 400: 'id is not a positive integer, or a field is invalid or not accepted', 404: `No ${noun} has this id` })
    update(@Param() { id }: IdParams, @ValidatedBody(dtos.update) body: LookupInput): Promise<LookupRow> {
      return this.lookups.update(lookup, id, body);
    }

    @Delete(':id')
    @AdminOnly()
    @ApiOperation({
      summary: `Delete a ${noun} (administrators)`,
      description: `Administrator account tokens only (other accounts and persona tokens: 403). Deletes the ${noun} and answers \`{message}\`; while a role specification, user experience or user goal still refers to its id the answer is 409 (the message says which) and nothing is deleted.`,
    })
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
