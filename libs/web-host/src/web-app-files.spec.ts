import { API_BASE_URL_META, htmlAttribute, withApiBaseUrl } from './web-app-files';
import { encodingFor, fileFor, isAppRoute, type WebAppFile } from './index';
import { securityHeaders } from './security-headers';

const file = (extra: Partial<WebAppFile> = {}): WebAppFile => ({
  body: Buffer.from('x'),
  contentType: 'text/html; charset=utf-8',
  etag: '"e"',
  immutable: false,
  ...extra,
});

describe('a web app as served', () => {
  it('fills the API base URL into index.html, escaped for an attribute', () => {
    const html = `<head>${API_BASE_URL_META}</head>`;
    expect(withApiBaseUrl(html, 'http://localhost:8080')).toBe(
      '<head><meta name="teamfit-api-base-url" content="http://localhost:8080"></head>',
    );
    expect(htmlAttribute('a"><script>&')).toBe('a&quot;&gt;&lt;script&gt;&amp;');
  });

  it('refuses a build whose index.html has nowhere to put the API base URL', () => {
    expect(() => withApiBaseUrl('<head></head>', 'http://localhost:8080')).toThrow(/lacks <meta name="teamfit-api-base-url"/);
  });

  it.each([
    ['/', true],
    ['/evaluations/0b0c7d5e-2c53-4d37-9a0d-2c8fb1d1f3a1', true],
    ['/service-requests', true],
    ['/assets/index-abc.js', false],
    ['/favicon.ico', false],
  ])('treats %s as an app route: %s', (pathname, expected) => {
    expect(isAppRoute(pathname)).toBe(expected);
  });

  it('answers app routes with index.html and unknown files with nothing', () => {
    const index = file();
    const script = file({ contentType: 'text/javascript; charset=utf-8' });
    const files = new Map([
      ['/index.html', index],
      ['/assets/app.js', script],
    ]);
    expect(fileFor(files, '/evaluations/1')).toBe(index);
    expect(fileFor(files, '/assets/app.js')).toBe(script);
    expect(fileFor(files, '/assets/missing.js')).toBeUndefined();
  });

  it('sends brotli, then gzip, only when the client takes it and not with q=0', () => {
    const both = file({ gzip: Buffer.from('g'), brotli: Buffer.from('b') });
    expect(encodingFor(both, 'gzip, deflate, br')).toBe('br');
    expect(encodingFor(both, 'gzip, br;q=0')).toBe('gzip');
    expect(encodingFor(both, 'identity')).toBeUndefined();
    expect(encodingFor(both, undefined)).toBeUndefined();
    expect(encodingFor(file(), 'br, gzip')).toBeUndefined();
  });

  it('lets pages call their own origin and the API origin only, and never be framed', () => {
    const headers = securityHeaders('http://localhost:8080/');
    const csp = headers['Content-Security-Policy'] ?? '';
    expect(csp).toContain("connect-src 'self' http://localhost:8080;");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['Referrer-Policy']).toBe('no-referrer');
  });
});
