import { DomainError } from '@teamfit/common';
import { asReal } from '@teamfit/common/testing';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { InMemoryLogoStore } from '../../test/fakes/in-memory-logo.store';
import { InMemoryOrganisationRepository } from '../../test/fakes/in-memory-organisation.repository';
import type { LogoUpload } from './logo-upload.storage';
import type { OrganisationLogoStore } from './organisation-logo.store';
import type { OrganisationRepository } from './organisation.repository';
import { OrganisationService } from './organisation.service';

const AUTHORIZATION = 'Bearer test';
const logo = (name = 'logo.png'): LogoUpload => ({ fieldname: 'logo', originalname: name, buffer: Buffer.from(name), size: name.length });

/** The DomainError a call rejects with, as `{ code, message }`. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error: unknown = await call.then(
    () => undefined,
    (rejected: unknown) => rejected,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

describe('OrganisationService (in-memory repository and media store)', () => {
  let repository: InMemoryOrganisationRepository;
  let logos: InMemoryLogoStore;
  let service: OrganisationService;

  beforeEach(() => {
    repository = new InMemoryOrganisationRepository();
    logos = new InMemoryLogoStore();
    // The pool is never connected: the in-memory repository does not use the executor it is handed.
    service = new OrganisationService(
      asReal<OrganisationRepository>(repository),
      asReal<OrganisationLogoStore>(logos),
      drizzle(new Pool()),
    );
  });

  describe('create', () => {
    it('stores the parsed settings, a new 24-hex _id and the logo, and answers the logo URL', async () => {
      const created = await service.create({ name: 'Acme', urlName: 'acme', licenses: '7', isPublic: 'true' }, logo(), AUTHORIZATION);
      expect(created).toMatchObject({
        name: 'Acme',
        urlName: 'acme',
        licenses: 7,
        isPublic: true,
        showMatches: false,
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      });
      expect(created.logo).toBe(logos.urlOf(repository.rows[0]?.logoMediaId ?? 'none'));
      expect([...logos.files.keys()]).toEqual([repository.rows[0]?.logoMediaId]);
    });

    it('refuses a taken name or urlName in any letter case with 409, before storing a logo', async () => {
      await service.create({ name: 'Acme', urlName: 'acme' }, undefined, AUTHORIZATION);
      expect(await refusal(service.create({ name: 'ACME', urlName: 'other' }, logo(), AUTHORIZATION))).toEqual({
        code: 'conflict',
        message: 'An organisation with this name already exists',
      });
      expect(await refusal(service.create({ name: 'Other', urlName: 'ACME' }, logo(), AUTHORIZATION))).toEqual({
        code: 'conflict',
        message: 'An organisation with this urlName already exists',
      });
      expect(logos.files.size).toBe(0);
      expect(repository.rows).toHaveLength(1);
    });

    it('refuses a logo that fails the check before anything is stored', async () => {
      expect((await refusal(service.create({ name: 'Acme', urlName: 'acme' }, logo('logo.gif'), AUTHORIZATION))).code).toBe(
        'validation_failed',
      );
      expect(repository.rows).toEqual([]);
      expect(logos.files.size).toBe(0);
    });

    it('deletes the stored logo again when the row cannot be written', async () => {
      repository.failNextWrite = new Error('connection terminated');
      await expect(service.create({ name: 'Acme', urlName: 'acme' }, logo(), AUTHORIZATION)).rejects.toThrow('connection terminated');
      expect(logos.discarded).toHaveLength(1);
      expect(logos.files.size).toBe(0);
    });

    it('maps a unique violation raised by the write itself (a race past the check) to 409 and deletes the logo', async () => {
      repository.failNextWrite = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'organisations_url_name_key' });
      expect(await refusal(service.create({ name: 'Acme', urlName: 'acme' }, logo(), AUTHORIZATION))).toEqual({
        code: 'conflict',
        message: 'An organisation with this urlName already exists',
      });
      expect(logos.files.size).toBe(0);
    });

    it('writes no row when the media service cannot store the logo', async () => {
      logos.failNextStore = true;
      expect((await refusal(service.create({ name: 'Acme', urlName: 'acme' }, logo(), AUTHORIZATION))).code).toBe('unavailable');
      expect(repository.rows).toEqual([]);
    });
  });

  describe('update', () => {
    it('changes only the fields sent, by id or by _id', async () => {
      const created = await service.create(
        { name: 'Acme', urlName: 'acme', licenses: '3', templatePrefix: 'a_' },
        undefined,
        AUTHORIZATION,
      );
      const updated = await service.update(created._id, { licenses: '40', templatePrefix: '' }, undefined, AUTHORIZATION);
      expect(updated).toEqual({ ...created, licenses: 40, templatePrefix: null, updatedAt: expect.any(String) });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
      expect((await service.update(created.id, { name: 'ACME' }, undefined, AUTHORIZATION)).name).toBe('ACME');
    });

    it('changes nothing, not even updatedAt, when nothing is sent (or no body at all)', async () => {
      const created = await service.create({ name: 'Acme', urlName: 'acme' }, undefined, AUTHORIZATION);
      expect(await service.update(created.id, {}, undefined, AUTHORIZATION)).toEqual(created);
      expect(await service.update(created.id, undefined as never, undefined, AUTHORIZATION)).toEqual(created);
    });

    it('lets an organisation keep its own name in another letter case but not take another one', async () => {
      const acme = await service.create({ name: 'Acme', urlName: 'acme' }, undefined, AUTHORIZATION);
      await service.create({ name: 'Hooli', urlName: 'hooli' }, undefined, AUTHORIZATION);
      expect((await service.update(acme.id, { name: 'ACME', urlName: 'acme' }, undefined, AUTHORIZATION)).name).toBe('ACME');
      expect(await refusal(service.update(acme.id, { urlName: 'Hooli' }, undefined, AUTHORIZATION))).toEqual({
        code: 'conflict',
        message: 'An organisation with this urlName already exists',
      });
    });

    it('deletes the replaced logo only once the new one is written, and a new logo when the write fails', async () => {
      const created = await service.create({ name: 'Acme', urlName: 'acme' }, logo('first.png'), AUTHORIZATION);
      const first = repository.rows[0]?.logoMediaId;
      await service.update(created.id, {}, logo('second.png'), AUTHORIZATION);
      const second = repository.rows[0]?.logoMediaId;
      expect(second).not.toBe(first);
      expect(logos.discarded).toEqual([first]);

      repository.failNextWrite = new Error('connection terminated');
      await expect(service.update(created.id, {}, logo('third.png'), AUTHORIZATION)).rejects.toThrow('connection terminated');
      expect(repository.rows[0]?.logoMediaId).toBe(second);
      expect([...logos.files.keys()]).toEqual([second]);
    });

    it('answers 404 and deletes the new logo when the organisation is deleted meanwhile', async () => {
      const created = await service.create({ name: 'Acme', urlName: 'acme' }, undefined, AUTHORIZATION);
      repository.beforeUpdate = () => repository.rows.splice(0);
      expect((await refusal(service.update(created.id, { licenses: '1' }, logo(), AUTHORIZATION))).code).toBe('not_found');
      expect(logos.files.size).toBe(0);
    });

    it('answers 404 for an unknown key', async () => {
      expect(await refusal(service.update('0123456789abcdef01234567', { licenses: '1' }, undefined, AUTHORIZATION))).toEqual({
        code: 'not_found',
        message: expect.stringContaining('Organisation'),
      });
    });
  });

  describe('remove and read', () => {
    it('deletes the row and then its logo; lists oldest first', async () => {
      const acme = await service.create({ name: 'Acme', urlName: 'acme' }, logo(), AUTHORIZATION);
      const hooli = await service.create({ name: 'Hooli', urlName: 'hooli' }, undefined, AUTHORIZATION);
      expect((await service.list()).map((item) => item._id)).toEqual([acme._id, hooli._id]);
      await service.remove(acme.id, AUTHORIZATION);
      expect(logos.files.size).toBe(0);
      expect((await refusal(service.get(acme._id))).code).toBe('not_found');
      expect((await refusal(service.remove(acme.id, AUTHORIZATION))).code).toBe('not_found');
      expect((await service.get(hooli.id)).name).toBe('Hooli');
    });
  });
});
