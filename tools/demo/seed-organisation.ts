// The demo organisation (with its logo) and the organisation service's reference data.
import { LOCATIONS, LOGO_PNG, MASTER_DATA, ORGANISATION } from './demo-data';
import type { DemoTally } from './demo-tally';
import type { GatewayClient } from './gateway-client';

export interface Organisation {
  id: string;
  _id: string;
  name: string;
  urlName: string;
  logo: string | null;
}

interface MasterRecord {
  _id: string;
  name: string;
}

function organisationForm(withLogo: boolean): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(ORGANISATION)) form.append(field, value);
  if (withLogo) form.append('logo', new Blob([LOGO_PNG], { type: 'image/png' }), 'northwind.png');
  return form;
}

export async function seedOrganisation(client: GatewayClient, tally: DemoTally): Promise<Organisation> {
  const organisation = await tally.ensure(
    async () => {
      const list = await client.get<Array<{ _id: string; name: string }>>('/organisation/organisation');
      const item = list.body.find((candidate) => candidate.name === ORGANISATION.name);
      return item && (await client.get<Organisation>(`/organisation/organisation/${item._id}`)).body;
    },
    async () =>
      (await client.post<{ organisation: Organisation }>('/organisation/organisation', { form: organisationForm(true), expect: [200] }))
        .body.organisation,
  );
  if (organisation.logo) return organisation;
  // Found without a logo (an earlier run stopped halfway, or someone removed it): add it again.
  tally.changed(true);
  return (await client.put<Organisation>(`/organisation/organisation/${organisation._id}`, { form: organisationForm(true), expect: [200] }))
    .body;
}

/** Every reference record by collection and name, created where missing. */
export async function seedMasterData(client: GatewayClient, tally: DemoTally): Promise<Record<string, Map<string, string>>> {
  const ids: Record<string, Map<string, string>> = {};
  const ensureAll = async (collection: string, records: ReadonlyArray<Record<string, string> & { name: string }>) => {
    const existing = new Map(
      (await client.get<MasterRecord[]>(`/organisation/${collection}`)).body.map((record) => [record.name, record._id]),
    );
    for (const record of records) {
      const id = await tally.ensure(
        () => Promise.resolve(existing.get(record.name)),
        async () => (await client.post<MasterRecord>(`/organisation/${collection}`, { body: record, expect: [201] })).body._id,
      );
      existing.set(record.name, id);
    }
    ids[collection] = existing;
  };
  for (const [collection, records] of Object.entries(MASTER_DATA)) await ensureAll(collection, records);
  const countries = ids['country'] ?? new Map<string, string>();
  await ensureAll(
    'location',
    LOCATIONS.map((location) => ({ name: location.name, country: countries.get(location.country) ?? '' })),
  );
  return ids;
}
