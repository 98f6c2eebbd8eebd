import { DEFAULT_BASE_URL, type PostmanItem, platformCollection, serialiseCollection } from './platform-collection';

/** Fields without examples, so the converter fakes them: the values that used to change every run. */
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Sample', version: '1.0.0' },
  servers: [{ url: '/' }],
  paths: {
    '/things': {
      post: {
        tags: ['things'],
        summary: 'Create a thing',
        operationId: 'createThing',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        responses: { '201': { description: 'Created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      },
    },
    '/things/{id}': {
      get: {
        tags: ['things'],
        summary: 'One thing',
        operationId: 'getThing',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: { '200': { description: 'The thing', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: {
          id: { type: 'string', format: 'uuid' },
          owner: { type: 'string', format: 'email' },
          createdAt: { type: 'string', format: 'date-time' },
          size: { type: 'integer', minimum: 1, maximum: 1000000 },
          colour: { type: 'string', enum: ['red', 'green', 'blue', 'teal', 'amber'] },
        },
      },
    },
  },
};

const ids = (items: PostmanItem[]): string[] => items.flatMap((item) => [item.id ?? '', ...(item.response ?? []).map((response) => response.id ?? ''), ...ids(item.item ?? [])]);

describe('the generated platform collection', () => {
  it('is the same, byte for byte, every time it is generated from the same document', async () => {
    const first = serialiseCollection((await platformCollection(DOCUMENT)).collection);
    const second = serialiseCollection((await platformCollection(DOCUMENT)).collection);
    expect(second).toBe(first);
  });

  it('gives every folder, request and example its own id, and points at the local gateway', async () => {
    const { collection } = await platformCollection(DOCUMENT);
    const all = [collection.info._postman_id ?? '', ...ids(collection.item)];
    expect(all.length).toBeGreaterThan(4);
    expect(new Set(all).size).toBe(all.length);
    for (const id of all) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(collection.variable).toEqual([{ key: 'baseUrl', value: DEFAULT_BASE_URL, type: 'string' }]);
    expect(collection.item.map((folder) => folder.name)).toEqual(['things']);
  });
});
