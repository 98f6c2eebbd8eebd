import { BadRequestException, Body, Controller, Delete, Get, Param, Post, Put, type Type, ValidationPipe } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import { AccountResource, AdminOnly } from '@teamfit/auth';
import { describeValidationErrors } from '@teamfit/common';
import { ErrorResponseDto } from '../accounts/account.dto';
import { MasterDataDeletedDto, MasterDataIdParams } from './master-data.dto';
import { type MasterDataInput, type MasterDataRecord, MasterDataService } from './master-data.service';
import type { MasterDataType } from './master-data.types';

/**
 * Validates a body against the type's DTO. The parameter's declared type is the same for every
 * type, so the DTO is given to the pipe (`expectedType`) rather than read from the signature; the
 * options are the platform pipe's (unknown fields rejected, messages naming the field).
 */
function bodyOf(dto: Type): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    expectedType: dto,
    exceptionFactory: (errors) => new BadRequestException(describeValidationErrors(errors).join('; ')),
  });
}

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
    @ApiBadRequestResponse({ description: 'A field is missing or invalid, or not accepted', type: ErrorResponseDto })
    @ApiConflictResponse({ description: `A ${label} with this name already exists`, type: ErrorResponseDto })
    create(@Body(bodyOf(type.dto.create)) body: MasterDataInput): Promise<MasterDataRecord> {
      return this.service.create(type, body);
    }

    @Get(':id')
    @ApiOperation({ summary: `Get a ${label}` })
    @ApiOkResponse({ type: type.dto.record })
    @ApiBadRequestResponse({ description: 'id is not an ObjectId', type: ErrorResponseDto })
    @ApiNotFoundResponse({ description: `No ${label} has this id`, type: ErrorResponseDto })
    get(@Param() { id }: MasterDataIdParams): Promise<MasterDataRecord> {
      return this.service.get(type, id);
    }

    @Put(':id')
    @AdminOnly()
    @ApiOperation({ summary: `Update a ${label} (administrators); only the given fields change` })
    @ApiBody({ type: type.dto.update })
    @ApiOkResponse({ type: type.dto.record })
    @ApiBadRequestResponse({ description: 'id is not an ObjectId, or a field is invalid or not accepted', type: ErrorResponseDto })
    @ApiNotFoundResponse({ description: `No ${label} has this id`, type: ErrorResponseDto })
    @ApiConflictResponse({ description: `A ${label} with this name already exists`, type: ErrorResponseDto })
    update(@Param() { id }: MasterDataIdParams, @Body(bodyOf(type.dto.update)) body: MasterDataInput): Promise<MasterDataRecord> {
      return this.service.update(type, id, body);
    }

    @Delete(':id')
    @AdminOnly()
    @ApiOperation({ summary: `Delete a ${label} (administrators)` })
    @ApiOkResponse({ type: MasterDataDeletedDto })
    @ApiBadRequestResponse({ description: 'id is not an ObjectId', type: ErrorResponseDto })
    @ApiNotFoundResponse({ description: `No ${label} has this id`, type: ErrorResponseDto })
    @ApiConflictResponse({ description: `Other records still refer to this ${label}`, type: ErrorResponseDto })
    async remove(@Param() { id }: MasterDataIdParams): Promise<MasterDataDeletedDto> {
      await this.service.remove(type, id);
      return { message: `${type.label} deleted` };
    }
  }

  // Distinct class names keep OpenAPI operation ids (`<Class>_<method>`) and logs apart.
  Object.defineProperty(MasterDataController, 'name', { value: `${type.className}Controller` });
  return MasterDataController;
}
