import { Injectable } from '@nestjs/common';
import { conflict, notFound } from '@teamfit/common';
import { type Database, InjectDatabase } from '@teamfit/database';
import { ObjectId } from 'bson';
import type { LogoUpload } from './logo-upload.storage';
import { changesOf, mapOrganisation, mapOrganisationListItem } from './organisation-form';
import { OrganisationLogoStore } from './organisation-logo.store';
import type { CreateOrganisationDto, OrganisationDto, OrganisationListItemDto, UpdateOrganisationDto } from './organisation.dto';
import { OrganisationRepository, takenFieldOf, type UniqueField } from './organisation.repository';

const TAKEN: Record<UniqueField, string> = {
  name: 'An organisation with this name already exists',
  urlName: 'An organisation with this urlName already exists',
};

/**
 * Organisation rules. Raises DomainErrors only; the platform filter maps them to HTTP.
 * A logo is stored in the media service before the row that points at it is written; when the
 * write fails the new file is deleted again, and a replaced logo is deleted once the new one is
 * committed, so a row never points at a missing file.
 */
@Injectable()
export class OrganisationService {
  constructor(
    private readonly repository: OrganisationRepository,
    private readonly logos: OrganisationLogoStore,
    @InjectDatabase() private readonly db: Database,
  ) {}

  async list(): Promise<OrganisationListItemDto[]> {
    const rows = await this.repository.list();
    return rows.map(mapOrganisationListItem);
  }

  async get(key: string): Promise<OrganisationDto> {
    const row = await this.repository.findByKey(key);
    if (!row) throw notFound('Organisation');
    return this.map(row);
  }

  async create(input: CreateOrganisationDto, logo: LogoUpload | undefined, authorization: string): Promise<OrganisationDto> {
    if (logo) this.logos.check(logo);
    // Saves storing a logo for a request that would fail; the unique indexes still decide races.
    await this.refuseTaken(input.name, input.urlName);
    const logoMediaId = logo ? await this.logos.store(logo, authorization) : null;
    try {
      const row = await this.withUniqueness(() =>
        this.repository.insert(this.db, {
          ...changesOf(input),
          name: input.name,
          urlName: input.urlName,
          objectId: new ObjectId().toHexString(),
          logoMediaId,
        }),
      );
      return this.map(row);
    } catch (error) {
      if (logoMediaId) await this.logos.discard(logoMediaId, authorization);
      throw error;
    }
  }

  async update(key: string, input: UpdateOrganisationDto, logo: LogoUpload | undefined, authorization: string): Promise<OrganisationDto> {
    if (logo) this.logos.check(logo);
    const existing = await this.repository.findByKey(key);
    if (!existing) throw notFound('Organisation');
    // A request without a body has no fields object at all.
    const fields: UpdateOrganisationDto = input ?? {};
    const changes = changesOf(fields);
    // Nothing sent: nothing changes, not even updatedAt.
    if (!logo && Object.keys(changes).length === 0) return this.map(existing);
    await this.refuseTaken(fields.name, fields.urlName, existing.id);
    const logoMediaId = logo ? await this.logos.store(logo, authorization) : undefined;
    let updated;
    try {
      updated = await this.withUniqueness(() => this.repository.update(this.db, existing.id, changes, logoMediaId));
    } catch (error) {
      if (logoMediaId) await this.logos.discard(logoMediaId, authorization);
      throw error;
    }
    if (!updated) {
      // Deleted meanwhile.
      if (logoMediaId) await this.logos.discard(logoMediaId, authorization);
      throw notFound('Organisation');
    }
    if (logoMediaId && updated.previousLogoMediaId && updated.previousLogoMediaId !== logoMediaId) {
      await this.logos.discard(updated.previousLogoMediaId, authorization);
    }
    return this.map(updated.row);
  }

  async remove(key: string, authorization: string): Promise<void> {
    const row = await this.repository.delete(this.db, key);
    if (!row) throw notFound('Organisation');
    if (row.logoMediaId) await this.logos.discard(row.logoMediaId, authorization);
  }

  private map(row: Parameters<typeof mapOrganisation>[0]): OrganisationDto {
    return mapOrganisation(row, (mediaId) => this.logos.urlOf(mediaId));
  }

  private async refuseTaken(name: string | undefined, urlName: string | undefined, exceptId?: string): Promise<void> {
    const taken = await this.repository.findTaken(name, urlName, exceptId);
    if (taken) throw conflict(TAKEN[taken]);
  }

  private async withUniqueness<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const taken = takenFieldOf(error);
      if (taken) throw conflict(TAKEN[taken]);
      throw error;
    }
  }
}
