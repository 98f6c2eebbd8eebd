import type { NewOrganisationRow, OrganisationRow } from '@teamfit/accounts';
import { OBJECT_ID } from '@teamfit/common';
import type { PublicSurface } from '@teamfit/common/testing';
import type { Executor } from '@teamfit/database';
import { randomUUID } from 'node:crypto';
import type { OrganisationChanges } from '../../src/organisations/organisation-form';
import type { OrganisationRepository, UniqueField } from '../../src/organisations/organisation.repository';

/** A unique violation shaped like the driver's, so the service's `takenFieldOf` reads it as the database's. */
function uniqueViolation(field: UniqueField): Error {
  return Object.assign(new Error('duplicate key value violates unique constraint'), {
    code: '23505',
    constraint: field === 'name' ? 'organisations_name_key' : 'organisations_url_name_key',
  });
}

/**
 * `organisation.organisations` in memory, with the table's defaults and its case-insensitive
 * unique names. `failNextWrite` makes the next insert or update throw, as a broken connection would.
 * The executor a write is handed is not used: every write here is one step, as each is one statement there.
 */
export class InMemoryOrganisationRepository implements PublicSurface<OrganisationRepository> {
  readonly rows: OrganisationRow[] = [];
  failNextWrite: Error | undefined;
  /** Lets a test delete the row between the service's read and its write. */
  beforeUpdate: (() => void) | undefined;
  private clock = Date.parse('2026-01-01T00:00:00.000Z');

  list(): Promise<OrganisationRow[]> {
    return Promise.resolve([...this.rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id)));
  }

  findByKey(key: string): Promise<OrganisationRow | undefined> {
    return Promise.resolve(this.find(key));
  }

  findTaken(name: string | undefined, urlName: string | undefined, exceptId?: string): Promise<UniqueField | undefined> {
    return Promise.resolve(this.taken({ name, urlName }, exceptId));
  }

  insert(_tx: Executor, values: NewOrganisationRow): Promise<OrganisationRow> {
    this.throwIfFailing();
    const taken = this.taken(values);
    if (taken) return Promise.reject(uniqueViolation(taken));
    const now = this.tick();
    const row: OrganisationRow = {
      id: values.id ?? randomUUID(),
      objectId: values.objectId,
      name: values.name,
      urlName: values.urlName,
      logoMediaId: values.logoMediaId ?? null,
      algorithmVersion: values.algorithmVersion ?? 'v1',
      genderInputOnRegister: values.genderInputOnRegister ?? false,
      includeMatchUserInTeam: values.includeMatchUserInTeam ?? false,
      isLocationPriority: values.isLocationPriority ?? false,
      isPublic: values.isPublic ?? false,
      licenses: values.licenses ?? 0,
      showMatches: values.showMatches ?? false,
      userChange: values.userChange ?? false,
      templatePrefix: values.templatePrefix ?? null,
      workstyleWeight: values.workstyleWeight ?? null,
      productExpireTimestamp: values.productExpireTimestamp ?? null,
      sampleAddTimestamp: values.sampleAddTimestamp ?? null,
      industryId: values.industryId ?? null,
      countryId: values.countryId ?? null,
      createdAt: now,
      updatedAt: now,
    };
    this.rows.push(row);
    return Promise.resolve({ ...row });
  }

  update(
    _tx: Executor,
    key: string,
    changes: OrganisationChanges,
    logoMediaId?: string,
  ): Promise<{ row: OrganisationRow; previousLogoMediaId: string | null } | undefined> {
    this.beforeUpdate?.();
    this.throwIfFailing();
    const current = this.find(key);
    if (!current) return Promise.resolve(undefined);
    const taken = this.taken({ name: changes.name, urlName: changes.urlName }, current.id);
    if (taken) return Promise.reject(uniqueViolation(taken));
    const previousLogoMediaId = current.logoMediaId;
    Object.assign(current, changes, logoMediaId === undefined ? {} : { logoMediaId }, { updatedAt: this.tick() });
    return Promise.resolve({ row: { ...current }, previousLogoMediaId });
  }

  delete(_tx: Executor, key: string): Promise<OrganisationRow | undefined> {
    const row = this.find(key);
    if (row) this.rows.splice(this.rows.indexOf(row), 1);
    return Promise.resolve(row);
  }

  private find(key: string): OrganisationRow | undefined {
    return this.rows.find((row) => (OBJECT_ID.test(key) ? row.objectId === key : row.id === key));
  }

  private taken(values: { name?: string; urlName?: string }, exceptId?: string): UniqueField | undefined {
    const others = this.rows.filter((row) => row.id !== exceptId);
    const same = (a: string, b: string | undefined) => b !== undefined && a.toLowerCase() === b.toLowerCase();
    if (others.some((row) => same(row.name, values.name))) return 'name';
    if (others.some((row) => same(row.urlName, values.urlName))) return 'urlName';
    return undefined;
  }

  private throwIfFailing(): void {
    const failure = this.failNextWrite;
    this.failNextWrite = undefined;
    if (failure) throw failure;
  }

  /** Each write a millisecond later than the last, so updatedAt moves without waiting. */
  private tick(): Date {
    this.clock += 1;
    return new Date(this.clock);
  }
}
