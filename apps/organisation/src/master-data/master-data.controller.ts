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
    @ApiOperation({ summary: `List every ${label}, by name` })
    @ApiOkResponse({ type: type.dto.record, isArray: true })
    list(): Promise<MasterDataRecord[]> {
      return this.service.list(type);
    }

    @Post()
    @AdminOnly()
    @ApiOperation({ summary: `Create a ${label} (administrators)` })
    @ApiBody({ type: type.dto.create })
    @ApiCreatedResponse({ type: type.dto.record })
    @ApiErrors({ 400: 'A field is missing or invalid, or not accepted', 409: `A ${label} with this name already exists` })
    create(@ValidatedBody(type.dto.create) body: MasterDataInput): Promise<MasterDataRecord> {
      return this.service.create(type, body);
    }

    @Get(':id')
    @ApiOperation({ summary: `Get a ${label}` })
    @ApiOkResponse({ type: type.dto.record })
    @ApiErrors({ 400: 'id is not an ObjectId', 404: `No ${label} has this id` })
    get(@Param() { id }: MasterDataIdParams): Promise<MasterDataRecord> {
      return this.service.get(type, id);
    }

    @Put(':id')
    @AdminOnly()
    @ApiOperation({ summary: `Update a ${label} (administrators); only the given fields change` })
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
    @ApiOperation({ summary: `Delete a ${label} (administrators)` })
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
