import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { IsOmittable, NAME_MAX_LENGTH, OBJECT_ID } from '@teamfit/common';

/** A name is compared ignoring case; surrounding spaces would make look-alike duplicates. */
const TRIMMED = /^\S(?:[\s\S]*\S)?$/;
/** ISO 3166-1 alpha-2 or alpha-3, in capitals (`DE`, `DEU`). */
const COUNTRY_CODE = /^[A-Z]{2,3}$/;

const NameRules = (): PropertyDecorator => (target, key) => {
  IsString()(target, key);
  IsNotEmpty()(target, key);
  MaxLength(NAME_MAX_LENGTH)(target, key);
  Matches(TRIMMED, { message: 'name must not start or end with whitespace' })(target, key);
};
const CodeRules = (): PropertyDecorator => Matches(COUNTRY_CODE, { message: 'code must be an ISO 3166-1 code of 2 or 3 capital letters' });
const CountryRules = (): PropertyDecorator =>
  Matches(OBJECT_ID, { message: 'country must be the _id of a country (24 lowercase hexadecimal characters)' });

/** Industry, function, education level, study major and skill records (docs/assessment.md). */
export class MasterDataRecordDto {
  @ApiProperty({ example: '6650f1c2a9b3e4d5f6a7b8c9', pattern: OBJECT_ID.source })
  _id!: string;

  @ApiProperty({ example: 'Engineering' })
  name!: string;
}

export class CountryDto extends MasterDataRecordDto {
  @ApiProperty({ example: 'DE' })
  code!: string;
}

export class LocationDto extends MasterDataRecordDto {
  @ApiProperty({ description: "The _id of the location's country", pattern: OBJECT_ID.source })
  country!: string;
}

export class CreateMasterDataDto {
  @ApiProperty({ maxLength: NAME_MAX_LENGTH, description: 'Unique within the type, compared ignoring case' })
  @NameRules()
  name!: string;
}

export class CreateCountryDto extends CreateMasterDataDto {
  @ApiProperty({ example: 'DE', description: 'ISO 3166-1 alpha-2 or alpha-3 code, capitals; unique' })
  @CodeRules()
  code!: string;
}

export class CreateLocationDto extends CreateMasterDataDto {
  @ApiProperty({ description: 'The _id of an existing country', pattern: OBJECT_ID.source })
  @CountryRules()
  country!: string;
}

/** PUT changes only the fields given. */
export class UpdateMasterDataDto {
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @IsOmittable()
  @NameRules()
  name?: string;
}

export class UpdateCountryDto extends UpdateMasterDataDto {
  @ApiPropertyOptional({ example: 'DE' })
  @IsOmittable()
  @CodeRules()
  code?: string;
}

export class UpdateLocationDto extends UpdateMasterDataDto {
  @ApiPropertyOptional({ pattern: OBJECT_ID.source })
  @IsOmittable()
  @CountryRules()
  country?: string;
}

/** Path parameters of /{type}/:id, validated so a malformed id is a 400 naming `id`. */
export class MasterDataIdParams {
  @ApiProperty({ pattern: OBJECT_ID.source })
  @Matches(OBJECT_ID, { message: 'id must be an ObjectId (24 lowercase hexadecimal characters)' })
  id!: string;
}

export class MasterDataDeletedDto {
  @ApiProperty({ example: 'Country deleted' })
  message!: string;
}
