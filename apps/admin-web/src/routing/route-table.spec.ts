import { PATHS, personaPath, serviceRequestPath, teamPath } from './paths';
import { matchRoute, type PageRoute, pathOf } from './route-table';

const page = () => null;
const routes: PageRoute[] = [
  { path: PATHS.personas, page, nav: 'Personas' },
  { path: PATHS.persona, page },
  { path: '/personas/new', page },
  { path: PATHS.team, page },
  { path: '/teams/:id/insight', page },
  { path: PATHS.serviceRequest, page },
];
const matched = (pathname: string) => {
  const match = matchRoute(routes, pathname);
  return match ? { path: match.route.path, params: match.params } : null;
};

describe('the console routes', () => {
  it('matches each address to its route with its named segments decoded, with or without a trailing slash', () => {
    expect(matched('/personas')).toEqual({ path: '/personas', params: {} });
    expect(matched('/personas/')).toEqual({ path: '/personas', params: {} });
    expect(matched('/personas/0b9c8f5e-1d2a-4c1b-9f3e-2a6d7c8b9e01')).toEqual({
      path: '/personas/:id',
      params: { id: '0b9c8f5e-1d2a-4c1b-9f3e-2a6d7c8b9e01' },
    });
    expect(matched('/teams/12/insight')).toEqual({ path: '/teams/:id/insight', params: { id: '12' } });
    expect(matched('/service-requests/a%20b')).toEqual({ path: '/service-requests/:id', params: { id: 'a b' } });
  });

  it('prefers a literal segment to a named one, whatever the order of the table', () => {
    expect(matched('/personas/new')).toEqual({ path: '/personas/new', params: {} });
  });

  it('matches nothing for unknown addresses, extra segments, encoded slashes and broken escapes', () => {
    for (const path of ['/', '/admin', '/personas/a/b', '/personas/a%2Fb', '/personas/%E0%A4%A', '/teams', '/teams/1/insight/x']) {
      expect({ path, match: matched(path) }).toEqual({ path, match: null });
    }
  });

  it('builds addresses that match back, encoding each segment', () => {
    expect(personaPath('a/b c')).toBe('/personas/a%2Fb%20c');
    expect(matched(personaPath('x y'))).toEqual({ path: '/personas/:id', params: { id: 'x y' } });
    expect(teamPath(7)).toBe('/teams/7');
    expect(serviceRequestPath('65f1c0ffee0000000000beef')).toBe('/service-requests/65f1c0ffee0000000000beef');
    expect(() => pathOf('/teams/:id', {})).toThrow(':id');
  });
});
