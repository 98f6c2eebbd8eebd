import { describePlatform } from './platform-openapi';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

describe('the OpenAPI description of the platform', () => {
  it('describes every operation of every service in OpenAPI 3.0.3, with a summary and its responses', async () => {
    const { services, platform } = await describePlatform();
    for (const document of [platform, ...Object.values(services)]) expect(document.openapi).toBe('3.0.3');
    const undocumented: string[] = [];
    let operations = 0;
    for (const [route, item] of Object.entries(platform.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        operations += 1;
        if (!operation.summary || Object.keys(operation.responses).length === 0) undocumented.push(`${method.toUpperCase()} ${route}`);
      }
    }
    expect(undocumented).toEqual([]);
    expect(operations).toBeGreaterThan(150);
    // A few paths of the specification, as the gateway exposes them.
    expect(Object.keys(platform.paths)).toEqual(
      expect.arrayContaining([
        '/auth/login',
        '/auth/verify',
        '/auth/token',
        '/profile/persona/login',
        '/profile/persona/{id}',
        '/organisation/organisation',
        '/organisation/stats',
        '/media/media/{id}',
        '/evaluation/evaluation/{id}/answer',
        '/evaluation/evaluation/compare',
        '/admin/service-requests',
        '/hub/service-requests',
      ]),
    );
  }, 60_000);
});
