import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsOmittable, OBJECT_ID, PageQueryDto, WithoutNul } from '@teamfit/common';
import {
  DECISIONS,
  type Decision,
  LEVELS,
  type Level,
  PRIORITIES,
  type Priority,
  type RequestType,
  SEVERITIES,
  type Severity,
  SOURCES,
  type Source,
  STATUSES,
  type Status,
  TYPES,
} from './service-request.model';

export const TITLE_MAX = 200;
export const TEXT_MAX = 20_000;
export const LABEL_MAX = 100;
const NOTE_MAX = 2_000;
const TAGS_MAX = 20;

/** ISO 8601 with a date and a time (strict), e.g. 2026-11-22T10:00:00Z. */
const IsTimestamp = (): PropertyDecorator => IsISO8601({ strict: true, strictSeparator: true });

export class ChangeMetaInputDto {
  @ApiPropertyOptional({ maxLength: TEXT_MAX }) @IsOptional() @IsString() @MaxLength(TEXT_MAX) proposedChange?: string;
  @ApiPropertyOptional({ maxLength: TEXT_MAX }) @IsOptional() @IsString() @MaxLength(TEXT_MAX) justification?: string;
  @ApiPropertyOptional({ enum: LEVELS }) @IsOptional() @IsIn(LEVELS) riskLevel?: Level;
  @ApiPropertyOptional({ maxLength: TEXT_MAX }) @IsOptional() @IsString() @MaxLength(TEXT_MAX) rollbackPlan?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsTimestamp() plannedStartAt?: string;
  @ApiPropertyOptional({ format: 'date-time' }) @IsOptional() @IsTimestamp() plannedEndAt?: string;
}

export class IncidentMetaInputDto {
  @ApiPropertyOptional({ maxLength: TEXT_MAX }) @IsOptional() @IsString() @MaxLength(TEXT_MAX) rootCause?: string;
  @ApiPropertyOptional({ maxLength: 2_000 }) @IsOptional() @IsString() @MaxLength(2_000) postMortemUrl?: string;
}

export class BugMetaInputDto {
  @ApiPropertyOptional({ maxLength: TEXT_MAX }) @IsOptional() @IsString() @MaxLength(TEXT_MAX) stepsToReproduce?: string;
}

/** One block per type; approval fields are set by approve-change only, never here. */
export class TypeMetaInputDto {
  @ApiPropertyOptional({ type: ChangeMetaInputDto, description: 'CHANGE_REQUEST tickets only' })
  @IsOmittable()
  @ValidateNested()
  @Type(() => ChangeMetaInputDto)
  change?: ChangeMetaInputDto;

  @ApiPropertyOptional({ type: IncidentMetaInputDto, description: 'INCIDENT tickets only' })
  @IsOmittable()
  @ValidateNested()
  @Type(() => IncidentMetaInputDto)
  incident?: IncidentMetaInputDto;

  @ApiPropertyOptional({ type: BugMetaInputDto, description: 'BUG tickets only' })
  @IsOmittable()
  @ValidateNested()
  @Type(() => BugMetaInputDto)
  bug?: BugMetaInputDto;
}

/** The fields an administrator may set on create and change with PATCH (type only on create). */
export class EditableFieldsDto {
  @ApiPropertyOptional({ type: String, maxLength: TEXT_MAX, nullable: true }) @IsOptional() @IsString() @MaxLength(TEXT_MAX) description?:
    string | null;
  @ApiPropertyOptional({ enum: SOURCES, nullable: true }) @IsOptional() @IsIn(SOURCES) source?: Source | null;
  @ApiPropertyOptional({ enum: PRIORITIES, description: 'Absent on create: from impact × urgency' })
  @IsOmittable()
  @IsIn(PRIORITIES)
  priority?: Priority;
  @ApiPropertyOptional({ enum: SEVERITIES, nullable: true }) @IsOptional() @IsIn(SEVERITIES) severity?: Severity | null;
  @ApiPropertyOptional({ enum: LEVELS, nullable: true }) @IsOptional() @IsIn(LEVELS) urgency?: Level | null;
  @ApiPropertyOptional({ enum: LEVELS, nullable: true }) @IsOptional() @IsIn(LEVELS) impact?: Level | null;
  @ApiPropertyOptional({ type: String, maxLength: LABEL_MAX, nullable: true }) @IsOptional() @IsString() @MaxLength(LABEL_MAX) category?:
    string | null;
  @ApiPropertyOptional({ type: String, maxLength: LABEL_MAX, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(LABEL_MAX)
  subCategory?: string | null;

  @ApiPropertyOptional({ type: [String], maxItems: TAGS_MAX })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(TAGS_MAX)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(LABEL_MAX, { each: true })
  tags?: string[];

  @ApiPropertyOptional({ format: 'date-time', description: 'Absent on create: from the priority' })
  @IsOmittable()
  @IsTimestamp()
  dueAt?: string;
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true }) @IsOptional() @IsUUID() organisationId?: string | null;
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true }) @IsOptional() @IsUUID() onBehalfOfUserId?: string | null;

  @ApiPropertyOptional({ type: TypeMetaInputDto })
  @IsOmittable()
  @ValidateNested()
  @Type(() => TypeMetaInputDto)
  typeMeta?: TypeMetaInputDto;
}

export class CreateServiceRequestDto extends EditableFieldsDto {
  @ApiProperty({ maxLength: TITLE_MAX }) @IsString() @IsNotEmpty() @MaxLength(TITLE_MAX) title!: string;
  @ApiPropertyOptional({ enum: TYPES, default: 'QUESTION' }) @IsOmittable() @IsIn(TYPES) type?: RequestType;
}

export class UpdateServiceRequestDto extends EditableFieldsDto {
  @ApiPropertyOptional({ maxLength: TITLE_MAX }) @IsOmittable() @IsString() @IsNotEmpty() @MaxLength(TITLE_MAX) title?: string;
}

export class AssignDto {
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, description: 'An account id; null unassigns' })
  @IsOptional()
  @IsUUID()
  assigneeId?: string | null;
  @ApiPropertyOptional({ type: String, maxLength: LABEL_MAX, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(LABEL_MAX)
  assigneeTeam?: string | null;
}

export class StatusChangeDto {
  @ApiProperty({ enum: STATUSES }) @IsIn(STATUSES) status!: Status;
  @ApiPropertyOptional({ maxLength: NOTE_MAX }) @IsOmittable() @IsString() @MaxLength(NOTE_MAX) note?: string;
}

export class AdminCommentDto {
  @ApiProperty({ maxLength: TEXT_MAX }) @IsString() @IsNotEmpty() @MaxLength(TEXT_MAX) text!: string;
  @ApiProperty({ description: 'true: the team only; false: the requester sees it too' }) @IsBoolean() isInternal!: boolean;
}

export class HubCommentDto {
  @ApiProperty({ maxLength: TEXT_MAX }) @IsString() @IsNotEmpty() @MaxLength(TEXT_MAX) text!: string;
}

export class ApproveChangeDto {
  @ApiProperty({ enum: DECISIONS }) @IsIn(DECISIONS) decision!: Decision;
  @ApiPropertyOptional({ maxLength: NOTE_MAX, description: 'Required to reject' })
  @IsOmittable()
  @IsString()
  @MaxLength(NOTE_MAX)
  note?: string;
}

export class HubCreateServiceRequestDto {
  @ApiProperty({ maxLength: TITLE_MAX }) @IsString() @IsNotEmpty() @MaxLength(TITLE_MAX) title!: string;
  @ApiPropertyOptional({ maxLength: TEXT_MAX }) @IsOmittable() @IsString() @MaxLength(TEXT_MAX) description?: string;
  @ApiPropertyOptional({ enum: TYPES, default: 'QUESTION' }) @IsOmittable() @IsIn(TYPES) type?: RequestType;
  @ApiPropertyOptional({ maxLength: LABEL_MAX }) @IsOmittable() @IsString() @MaxLength(LABEL_MAX) category?: string;
  @ApiPropertyOptional({ enum: LEVELS }) @IsOmittable() @IsIn(LEVELS) urgency?: Level;
  @ApiPropertyOptional({ enum: LEVELS }) @IsOmittable() @IsIn(LEVELS) impact?: Level;
}

const toBoolean = ({ value }: { value: unknown }): unknown => (value === 'true' ? true : value === 'false' ? false : value);

export class HubListQuery extends PageQueryDto {
  @ApiPropertyOptional({ enum: STATUSES }) @IsOptional() @IsIn(STATUSES) status?: Status;
}

export class AdminListQuery extends HubListQuery {
  @ApiPropertyOptional({ enum: PRIORITIES }) @IsOptional() @IsIn(PRIORITIES) priority?: Priority;
  @IsOptional() @IsUUID() organisationId?: string;
  @IsOptional() @IsUUID() assigneeId?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'createdAt at or after' }) @IsOptional() @IsTimestamp() createdFrom?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'createdAt at or before' }) @IsOptional() @IsTimestamp() createdTo?: string;
  @ApiPropertyOptional({ maxLength: 200, description: 'Full-text search (web-search syntax) over title, description and public comments' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @WithoutNul()
  q?: string;
  @ApiPropertyOptional({ enum: ['true', 'false'], default: 'false' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'includeDeleted must be true or false' })
  includeDeleted?: boolean;
}

export class StatsQuery {
  @IsOptional() @IsUUID() organisationId?: string;
  @IsOptional() @IsUUID() assigneeId?: string;
}

export class ServiceRequestIdParams {
  @ApiProperty({ pattern: OBJECT_ID.source })
  @Matches(OBJECT_ID, { message: 'id must be a 24-character hexadecimal ObjectId' })
  id!: string;
}
