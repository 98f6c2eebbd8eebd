import { Controller, Delete, Get, Param, Post, Put, type Type } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AccountResource, AdminOnly } from '@teamfit/auth';
import { ApiErrors, ValidatedBody } from '@teamfit/common';
import { MasterDataDeletedDto, MasterDataIdParams } from './master-data.dto';
import { type MasterDataInput, type MasterDataRecord, MasterDataService } from './master-data.service';
import type { MasterDataType } from './master-data.types';

/**
 * /{type} for one master-data type (gateway: /organisation/{type}), docs/assessment.md. One factory for the
 * seven types: they differ only in their descriptor. Account tokens read; administrators write.
 */
export function masterDataController(type: MasterDataType): Type {
  const label = type.label.toLowerCase();

  @AccountResource(type.path)
  @Controller(type.path)
  class MasterDataController {
    constructor(readonly service: MasterDataService) {}

    @Get()
    @ApiOperation({
      summary: `List every ${label}, by name`,
      description: `Any account token (administrator or not); persona tokens are refused (403). Every ${label} as one array (not paged), ordered by name ignoring case, then \`_id\`.`,
    })
    @ApiOkResponse({ type: type.dto.record, isArray: true })
    list(): Promise<MasterDataRecord[]> {
      return this.service.list(type);
    }

    @Post()
    @AdminOnly()
    @ApiOperation({
      summary: `Create a ${label} (administrators)`,
      description: `Administrator account tokens only (other accounts and persona tokens: 403). Creates a new ${label} with its own \`_id\` (24-hex ObjectId). \`name\` is 1-100 characters without leading or trailing spaces and unique ignoring case (409)${type.path === 'country' ? `; \`code\` is ISO 3166-1 alpha-2 or alpha-3 in capitals and unique too (409)` : ''}${type.path === 'location' ? `; \`country\` must be the \`_id\` of an existing country (400)` : ''}.`,
    })
    @ApiBody({ type: type.dto.create })
    @ApiCreatedResponse({ type: type.dto.record })
    @ApiErrors({ 400: 'A field is missing or invalid, or not accepted', 409: `A ${label} with this name already exists` })
    create(@ValidatedBody(type.dto.create) body: MasterDataInput): Promise<MasterDataRecord> {
      return this.service.create(type, body);
    }

    @Get(':id')
    @ApiOperation({
      summary: `Get a ${label}`,
      description: `Any account token (administrator or not); persona tokens are refused (403). The ${label} with this \`_id\`; 404 when there is none.`,
    })
    @ApiOkResponse({ type: type.dto.record })
    @ApiErrors({ 400: 'id is not an ObjectId', 404: `No ${label} has this id` })
    get(@Param() { id }: MasterDataIdParams): Promise<MasterDataRecord> {
      return this.service.get(type, id);
    }

    @Put(':id')
    @AdminOnly()
    @ApiOperation({
      summary: `Update a ${label} (administrators); only the given fields change`,
      description: `Administrator account tokens only (other accounts and persona tokens: 403). Changes only the fields sent (an empty body answers the ${label} unchanged), under the rules of create: a name another ${label} has, ignoring case, is 409.`,
    })
    @ApiBody({ type: type.dto.update })
    @ApiOkResponse({ type: type.dto.record })
    @ApiErrors({
      400: 'id is not an ObjectId, or a field is invalid or not accepted',
      404: `No ${label} has this id`,
      409: `A ${label} with this name already exists`,
    })
    update(@Param() { id }: MasterDataIdParams, @ValidatedBody(type.dto.update) body: MasterDataInput): Promise<MasterDataRecord> {
      return this.service.update(type, id, body);
    }

    @Delete(':id')
    @AdminOnly()
    @ApiOperation({
      summary: `Delete a ${label} (administrators)`,
      description: `Administrator account tokens only (other accounts and persona tokens: 403). Deletes the ${label} for good and answers \`{message}\`; while other records still refer to it the answer is 409 and nothing is deleted.`,
    })
    @ApiOkResponse({ type: MasterDataDeletedDto })
    @ApiErrors({ 400: 'id is not an ObjectId', 404: `No ${label} has this id`, 409: `Other records still refer to this ${label}` })
    async remove(@Param() { id }: MasterDataIdParams): Promise<MasterDataDeletedDto> {
      await this.service.remove(type, id);
      return { message: `${type.label} deleted` };
    }
  }

  // Distinct class names keep OpenAPI operation ids (`<Class>_<method>`) and logs apart.
  Object.defineProperty(MasterDataController, 'name', { value: `${type.className}Controller` });
  return MasterDataController;
}
