import fc from 'fast-check';
import { OtherPeopleRedaction, SOMEONE_ELSE } from './other-people';

describe('OtherPeopleRedaction', () => {
  const ada = '6f1d3c2a-8b7e-4c5d-9a0b-1c2d3e4f5a6b';
  const grace = '0b9e2f4c-1a2b-4c3d-8e9f-0a1b2c3d4e5f';
  const redaction = new OtherPeopleRedaction({ personaId: ada, emailAddresses: ['ada@example.test', 'ada.user@example.test'] });

  it("keeps the persona's own id and addresses, in any case and URL-encoded", () => {
    for (const text of [
      `/persona/${ada}`,
      `/persona/${ada.toUpperCase()}/export`,
      '/persona?emailAddress=ada%40example.test',
      '/persona?emailAddress=ADA@example.test&page=2',
      'write to ada.user@example.test, please',
    ])
      expect(redaction.text(text)).toBe(text);
  });

  it('replaces every other UUID, ObjectId and address, leaving the rest of the text', () => {
    expect(redaction.text(`/persona?ids=${ada},${grace}&email=grace%40example.test`)).toBe(
      `/persona?ids=${ada},${SOMEONE_ELSE}&email=${SOMEONE_ELSE}`,
    );
    expect(redaction.text('/teammate/65f0c0ffee0123456789abcd/notes')).toBe(`/teammate/${SOMEONE_ELSE}/notes`);
    expect(redaction.text('ada@example.test.uk and grada@example.test')).toBe(`${SOMEONE_ELSE} and ${SOMEONE_ELSE}`);
  });

  it('walks JSON: strings and keys at any depth, other values as they are', () => {
    expect(
      redaction.json({ name: 'Difference', memberPersonaIds: [ada, grace], nested: { [grace]: 3, assignee: 'b@example.test', ok: true } }),
    ).toEqual({
      name: 'Difference',
      memberPersonaIds: [ada, SOMEONE_ELSE],
      nested: { [SOMEONE_ELSE]: 3, assignee: SOMEONE_ELSE, ok: true },
    });
  });

  it('leaves no UUID but the persona’s in any text around it', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string(), fc.string(), (other, before, after) => {
        const redacted = redaction.text(`${before} ${other} ${ada} ${after}`);
        const uuids = redacted.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi) ?? [];
        return uuids.every((uuid) => uuid.toLowerCase() === ada) && redacted.includes(ada);
      }),
    );
  });
});
