import { portOfOrigin, webAppSites } from './web-apps';

describe('the web apps the runner serves', () => {
  it.each([
    ['http://localhost:3001', 3001],
    ['http://hub.example.com', 80],
    ['https://hub.example.com', 443],
    ['https://hub.example.com:8443', 8443],
  ])('serves %s on port %d', (origin, port) => {
    expect(portOfOrigin(origin)).toBe(port);
  });

  it('serves the built admin console and hub from dist on the ports of ADMIN_APP_ORIGIN and HUB_APP_ORIGIN', () => {
    expect(webAppSites('/srv/dist', { ADMIN_APP_ORIGIN: 'https://admin.example.com', HUB_APP_ORIGIN: 'http://localhost:3005' })).toEqual([
      { name: 'admin', root: '/srv/dist/apps/admin-web', origin: 'https://admin.example.com', port: 443 },
      { name: 'hub', root: '/srv/dist/apps/hub-web', origin: 'http://localhost:3005', port: 3005 },
    ]);
  });
});
