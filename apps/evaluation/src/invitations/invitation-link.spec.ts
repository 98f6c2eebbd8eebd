import { invitationLink } from './invitation-link';

const ID = '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f';

describe('invitationLink', () => {
  it('is the hub origin, the evaluation path and the address in the fragment', () => {
    expect(invitationLink('http://localhost:3001', ID, 'ada@example.test')).toBe(
      `http://localhost:3001/evaluations/${ID}#email=ada%40example.test`,
    );
  });

  it('drops trailing slashes of the configured origin', () => {
    expect(invitationLink('https://hub.teamfit.example/', ID, 'a@b.test')).toBe(
      `https://hub.teamfit.example/evaluations/${ID}#email=a%40b.test`,
    );
    expect(invitationLink('https://hub.teamfit.example//', ID, 'a@b.test')).toBe(
      `https://hub.teamfit.example/evaluations/${ID}#email=a%40b.test`,
    );
  });

  it('encodes every character of the address that a URL would read otherwise, and the browser gives it back whole', () => {
    const address = "o'brien+hub&x=1#y%z@example.test";
    const link = new URL(invitationLink('https://hub.teamfit.example', ID, address));
    expect(link.pathname).toBe(`/evaluations/${ID}`);
    expect(link.search).toBe('');
    expect(link.hash).toBe(`#email=${encodeURIComponent(address)}`);
    expect(new URLSearchParams(link.hash.slice(1)).get('email')).toBe(address);
  });

  it('carries nothing but the path and the address: no query, no token', () => {
    const link = new URL(invitationLink('https://hub.teamfit.example', ID, 'ada@example.test'));
    expect([link.username, link.password, link.search]).toEqual(['', '', '']);
    expect([...new URLSearchParams(link.hash.slice(1)).keys()]).toEqual(['email']);
  });
});
