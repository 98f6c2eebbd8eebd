import type { OpenAPIObject } from '@nestjs/swagger';
import { ResponseContract } from './response-contract';

const json = (schema: object) => ({ description: 'ok', content: { 'application/json': { schema } } });

const document: OpenAPIObject = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/things/{id}': {
      get: { responses: { 200: json({ $ref: '#/components/schemas/Thing' }), 404: json({ $ref: '#/components/schemas/Error' }) } },
    },
    '/things/count': {
      get: { responses: { 200: json({ type: 'object', properties: { total: { type: 'integer' } }, required: ['total'] }) } },
    },
    '/things/{id}/ping': { post: { responses: { 204: { description: 'nothing' } } } },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: {
          id: { type: 'string', format: 'uuid' },
          label: { type: 'string', nullable: true, example: 'A thing' },
          parent: { nullable: true, type: 'object', allOf: [{ $ref: '#/components/schemas/Thing' }] },
        },
        required: ['id', 'label'],
      },
      Error: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    },
  },
};

describe('ResponseContract', () => {
  const contract = new ResponseContract(document);
  const id = '7b0c7c1e-2f55-4c1a-9d0e-3a1f2b4c5d6e';

  it('accepts an answer as its operation and status describe it, null where the document allows it', () => {
    expect(contract.problemsOf('GET', `/things/${id}`, 200, { id, label: null, parent: { id, label: 'up', parent: null } })).toEqual([]);
    expect(contract.problemsOf('GET', '/things/count?x=1', 200, { total: 3 })).toEqual([]);
    expect(contract.problemsOf('POST', `/things/${id}/ping`, 204, {})).toEqual([]);
    expect([...contract.checked]).toEqual(['GET /things/{id} 200', 'GET /things/count 200', 'POST /things/{id}/ping 204']);
  });

  it('names a field the document does not describe, a missing one, a wrong type, a null and a bad format', () => {
    expect(contract.problemsOf('GET', `/things/${id}`, 200, { id, label: 'x', colour: 'red' })).toEqual([
      expect.stringContaining('must NOT have additional properties {"additionalProperty":"colour"}'),
    ]);
    expect(contract.problemsOf('GET', `/things/${id}`, 200, { id })).toEqual([
      expect.stringContaining("must have required property 'label'"),
    ]);
    expect(contract.problemsOf('GET', '/things/count', 200, { total: 1.5 })).toEqual([expect.stringContaining('/total must be integer')]);
    expect(contract.problemsOf('GET', `/things/${id}`, 404, { message: null })).not.toEqual([]);
    expect(contract.problemsOf('GET', `/things/${id}`, 200, { id: 'not-a-uuid', label: 'x' })).toEqual([
      expect.stringContaining('/id must match format "uuid"'),
    ]);
  });

  it('refuses a status, an operation or a body the document does not have', () => {
    expect(contract.problemsOf('GET', `/things/${id}`, 500, {})).toEqual(['GET /things/{id} 500: status not documented']);
    expect(contract.problemsOf('DELETE', `/things/${id}`, 200, {})).toEqual([`DELETE /things/${id}: no operation in the document`]);
    expect(contract.problemsOf('POST', `/things/${id}/ping`, 204, { surprise: true })).toEqual([
      'POST /things/{id}/ping 204: a body the document does not describe',
    ]);
    expect(() => contract.assertMatches('GET', `/things/${id}`, 500, {})).toThrow('status not documented');
  });
});
