import { Injectable } from '@nestjs/common';
import { conflict, notFound, postgresErrorOf, validationFailed } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { ObjectId } from 'bson';
import { getTableName } from 'drizzle-orm';
import { type MasterDataRow, MasterDataRepository, type MasterDataValues } from './master-data.repository';
import type { MasterDataType } from './master-data.types';

/** A record as the API shows it: `_id`, `name` and the type's own fields (docs/assessment.md). */
export type MasterDataRecord = { _id: string; name: string } & Record<string, unknown>;
/** A validated request body: `name` and the type's own fields, by API name. */
export type MasterDataInput = Partial<Record<string, unknown>>;

/** Master-data rules, the same for every type. Raises DomainErrors only. */
@Injectable()
export class MasterDataService {
  constructor(
    private readonly repository: MasterDataRepository,
    @InjectDatabase() private readonly db: Database,
  ) {}

  async list(type: MasterDataType): Promise<MasterDataRecord[]> {
    const rows = await this.repository.list(type);
    return rows.map((row) => toRecord(type, row));
  }

  async get(type: MasterDataType, id: string): Promise<MasterDataRecord> {
    const row = await this.repository.findById(type, id);
    if (!row) throw notFound(type.label);
    return toRecord(type, row);
  }

  async create(type: MasterDataType, input: MasterDataInput): Promise<MasterDataRecord> {
    const values = { ...valuesOf(type, input), id: new ObjectId().toHexString(), name: String(input['name']) };
    // The unique indexes and foreign keys decide, not a prior lookup: a check-then-insert would race.
    const row = await this.writing(type, () => this.repository.insert(this.db, type, values));
    return toRecord(type, row);
  }

  async update(type: MasterDataType, id: string, input: MasterDataInput): Promise<MasterDataRecord> {
    const row = await this.writing(type, () => this.repository.update(this.db, type, id, valuesOf(type, input)));
    if (!row) throw notFound(type.label);
    return toRecord(type, row);
  }

  async remove(type: MasterDataType, id: string): Promise<void> {
    let deleted: boolean;
    try {
      deleted = await this.repository.delete(this.db, type, id);
    } catch (error) {
      if (isStillReferenced(error)) throw conflict(type.inUseMessage);
      throw error;
    }
    if (!deleted) throw notFound(type.label);
  }

  /** Names the unique index or foreign key a write ran into. */
  private async writing<T>(type: MasterDataType, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const postgres = postgresErrorOf(error);
      const constraint = postgres?.constraint ?? '';
      if (postgres?.code === '23505') {
        if (constraint === `${getTableName(type.table)}_name_key`)
          throw conflict(`A ${type.label.toLowerCase()} with this name already exists`);
        const message = type.uniqueMessages[constraint];
        if (message) throw conflict(message);
      }
      if (postgres?.code === '23503') {
        const message = type.referenceMessages[constraint];
        if (message) throw validationFailed(message);
      }
      throw error;
    }
  }
}

/** Only the fields the client sent: absent ones must not overwrite stored values. */
function valuesOf(type: MasterDataType, input: MasterDataInput): MasterDataValues {
  const values: MasterDataValues = {};
  if (input['name'] !== undefined) values['name'] = input['name'];
  for (const field of type.fields) {
    if (input[field.property] !== undefined) values[field.column] = input[field.property];
  }
  return values;
}

function toRecord(type: MasterDataType, row: MasterDataRow): MasterDataRecord {
  const record: MasterDataRecord = { _id: row.id, name: row.name };
  for (const field of type.fields) record[field.property] = row[field.column];
  return record;
}

/** ON DELETE RESTRICT raises restrict_violation (23001); NO ACTION raises foreign_key_violation (23503). */
export function isStillReferenced(error: unknown): boolean {
  const code = postgresErrorOf(error)?.code;
  return code === '23001' || code === '23503';
}
