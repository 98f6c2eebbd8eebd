import type { NewOrganisationRow, OrganisationRow } from '@teamfit/accounts';
import type { Database } from '@teamfit/database';
import { ObjectId } from 'bson';
import { OrganisationRepository } from '../src/organisations/organisation.repository';

/** Organisations as the organisation service stores them, written through its own repository. */
export class OrganisationFactory {
  private readonly repository: OrganisationRepository;

  constructor(private readonly db: Database) {
    this.repository = new OrganisationRepository(db);
  }

  /** Named `name`, its urlName derived from it, a fresh `_id`; table defaults for the rest. */
  create(name: string, overrides: Partial<NewOrganisationRow> = {}): Promise<OrganisationRow> {
    return this.repository.insert(this.db, {
      objectId: new ObjectId().toHexString(),
      name,
      urlName: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      ...overrides,
    });
  }
}
