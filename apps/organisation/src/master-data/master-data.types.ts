import type { Type } from '@nestjs/common';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import { countries, educationLevels, functions, industries, locations, skills, studyMajors } from '../database/master-data.tables';
import {
  CountryDto,
  CreateCountryDto,
  CreateLocationDto,
  CreateMasterDataDto,
  LocationDto,
  MasterDataRecordDto,
  UpdateCountryDto,
  UpdateLocationDto,
  UpdateMasterDataDto,
} from './master-data.dto';

/** A master-data table: `id` and `name` columns, plus the type's own. */
export type MasterDataTable = AnyPgTable & { id: AnyPgColumn; name: AnyPgColumn };

/** A field of a type beyond `_id` and `name`: its API name and the table's column key. */
export interface MasterDataField {
  property: string;
  column: string;
}

/**
 * Everything that differs between master-data types. The controller factory, the service and the
 * repository are written once against this descriptor.
 */
export interface MasterDataType {
  /** Route (the gateway path without /organisation) and OpenAPI tag. */
  path: string;
  /** Singular, capitalised: `Country not found`, `Country deleted`. */
  label: string;
  /** Class names in OpenAPI: `<className>Controller`. */
  className: string;
  table: MasterDataTable;
  fields: readonly MasterDataField[];
  dto: { record: Type; create: Type; update: Type };
  /** Unique indexes besides the name's, by index name: the 409 message. */
  uniqueMessages: Readonly<Record<string, string>>;
  /** Foreign keys this type holds, by constraint name: the 400 message when the target is missing. */
  referenceMessages: Readonly<Record<string, string>>;
  /** 409 message when a delete is refused because other records refer to the record. */
  inUseMessage: string;
}

const plain = (path: string, label: string, className: string, table: MasterDataTable): MasterDataType => ({
  path,
  label,
  className,
  table,
  fields: [],
  dto: { record: MasterDataRecordDto, create: CreateMasterDataDto, update: UpdateMasterDataDto },
  uniqueMessages: {},
  referenceMessages: {},
  inUseMessage: `${label} is still referenced by other records`,
});

export const COUNTRY: MasterDataType = {
  path: 'country',
  label: 'Country',
  className: 'Country',
  table: countries,
  fields: [{ property: 'code', column: 'code' }],
  dto: { record: CountryDto, create: CreateCountryDto, update: UpdateCountryDto },
  uniqueMessages: { countries_code_key: 'A country with this code already exists' },
  referenceMessages: {},
  inUseMessage: 'Country is still referenced by locations',
};

export const LOCATION: MasterDataType = {
  path: 'location',
  label: 'Location',
  className: 'Location',
  table: locations,
  fields: [{ property: 'country', column: 'countryId' }],
  dto: { record: LocationDto, create: CreateLocationDto, update: UpdateLocationDto },
  uniqueMessages: {},
  referenceMessages: { locations_country_id_countries_id_fk: 'country must be the _id of an existing country' },
  inUseMessage: 'Location is still referenced by other records',
};

/** The seven master-data types (docs/assessment.md). */
export const MASTER_DATA_TYPES: readonly MasterDataType[] = [
  COUNTRY,
  plain('industry', 'Industry', 'Industry', industries),
  plain('function', 'Function', 'Function', functions),
  plain('education-level', 'Education level', 'EducationLevel', educationLevels),
  plain('study-major', 'Study major', 'StudyMajor', studyMajors),
  plain('skill', 'Skill', 'Skill', skills),
  LOCATION,
];
