import { apiBaseUrlFrom } from './api-base-url';

describe('the API base URL from the page', () => {
  it('takes the URL the serving process filled in, without a trailing slash', () => {
    expect(apiBaseUrlFrom('http://localhost:8080', 'http://localhost:3001')).toBe('http://localhost:8080');
    expect(apiBaseUrlFrom(' https://api.example.test/ ', 'http://localhost:3001')).toBe('https://api.example.test');
  });

  it("falls back to the page's origin when the meta is empty, missing or not an http URL", () => {
    for (const content of ['', '   ', null, undefined, 'not a url', 'javascript:alert(1)', 'ftp://example.test']) {
      expect(apiBaseUrlFrom(content, 'http://localhost:3001')).toBe('http://localhost:3001');
    }
  });
});
