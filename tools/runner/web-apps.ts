import path from 'node:path';

/** A built web app the runner serves, and the origin it is served on. */
export interface WebAppSite {
  name: string;
  /** The built app under dist/. */
  root: string;
  origin: string;
  port: number;
}

/** The port an origin listens on: its own, else its scheme's. */
export function portOfOrigin(origin: string): number {
  const url = new URL(origin);
  return url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
}

/** The web apps `npm start` serves, each on the port of its origin setting. */
export function webAppSites(distRoot: string, origins: { ADMIN_APP_ORIGIN: string; HUB_APP_ORIGIN: string }): WebAppSite[] {
  return [
    {
      name: 'admin',
      root: path.join(distRoot, 'apps', 'admin-web'),
      origin: origins.ADMIN_APP_ORIGIN,
      port: portOfOrigin(origins.ADMIN_APP_ORIGIN),
    },
    {
      name: 'hub',
      root: path.join(distRoot, 'apps', 'hub-web'),
      origin: origins.HUB_APP_ORIGIN,
      port: portOfOrigin(origins.HUB_APP_ORIGIN),
    },
  ];
}
