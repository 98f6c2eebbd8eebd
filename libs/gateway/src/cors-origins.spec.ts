import { corsOriginEntries, originOf, originsOf } from './cors-origins';

describe('originOf', () => {
  it.each([
    ['http://localhost:3000', 'http://localhost:3000'],
    ['HTTPS://Admin.Example.COM', 'https://admin.example.com'],
    ['https://admin.example.com:443', 'https://admin.example.com'],
    ['http://127.0.0.1:80/', 'http://127.0.0.1'],
    ['https://hub.example.com:8443/app/index.html?x=1', 'https://hub.example.com:8443'],
    ['http://localhost:3000/', 'http://localhost:3000'],
  ])('%s is the origin %s, as a browser writes it', (value, origin) => {
    expect(originOf(value, 'ADMIN_APP_ORIGIN')).toBe(origin);
    // The browser's own rule (URL.origin) agrees.
    expect(new URL(value).origin).toBe(origin);
  });

  it.each([
    'ftp://admin.example.com',
    'admin.example.com',
    'http://',
    'http://exa mple.com',
    'http://a.test:0',
    'http://a.test:65536',
    'http://a.test:03000',
    'http://user@a.test',
    'http://a.test?x',
    'http://-a.test',
    'http://a"b.test',
    'http://[::1]:3000',
    ' http://a.test\nhttp://b.test',
  ])('refuses %j with one line naming the setting', (value) => {
    expect(() => originOf(value, 'HUB_APP_ORIGIN')).toThrow(
      `invalid configuration: HUB_APP_ORIGIN has "${value}", which is not an http(s) origin such as https://admin.example.com`,
    );
  });
});

describe('originsOf', () => {
  it('reads a comma-separated list, trimming entries and skipping blank ones', () => {
    expect(originsOf(' https://a.example.com , ,http://localhost:4200/,', 'CORS_ORIGINS')).toEqual([
      'https://a.example.com',
      'http://localhost:4200',
    ]);
    expect(originsOf('', 'CORS_ORIGINS')).toEqual([]);
  });

  it('refuses the list when one entry is not an origin', () => {
    expect(() => originsOf('https://a.example.com,b.example.com', 'CORS_ORIGINS')).toThrow(
      'invalid configuration: CORS_ORIGINS has "b.example.com"',
    );
  });
});

describe('corsOriginEntries', () => {
  it('maps each origin to itself once, in the order given', () => {
    expect(corsOriginEntries(['http://localhost:3000', 'https://hub.example.com', 'http://localhost:3000'])).toBe(
      '"http://localhost:3000" "http://localhost:3000"; "https://hub.example.com" "https://hub.example.com";',
    );
    expect(corsOriginEntries([])).toBe('');
  });
});
