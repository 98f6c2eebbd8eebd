/** The admin dashboard's and the hub's origins when nothing is configured (the services' defaults too). */
export const DEFAULT_ADMIN_APP_ORIGIN = 'http://localhost:3000';
export const DEFAULT_HUB_APP_ORIGIN = 'http://localhost:3001';

/*
 * scheme://host[:port] and an optional path, which is ignored: the services accept a URL for
 * these settings and compare callers by its origin, so the gateway does the same. Host names and
 * IPv4 addresses only. gateway/render-config.sh applies the same rule inside the gateway image;
 * tools/checks/gateway-image.spec.ts keeps the two in step.
 */
const ORIGIN_URL = /^(https?):\/\/([a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::([1-9][0-9]{0,4}))?(?:\/.*)?$/i;
const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/**
 * The origin a browser sends for pages under this URL (lower case, default port dropped), or a
 * one-line error naming the setting. The result goes into the nginx configuration verbatim, so
 * nothing but these characters may pass.
 */
export function originOf(value: string, name: string): string {
  const match = /\s/.test(value) ? null : ORIGIN_URL.exec(value);
  const port = match?.[3];
  if (!match || (port !== undefined && Number(port) > 65535)) {
    throw new Error(`invalid configuration: ${name} has "${value}", which is not an http(s) origin such as https://admin.example.com`);
  }
  const scheme = (match[1] ?? '').toLowerCase();
  const host = (match[2] ?? '').toLowerCase();
  return port === undefined || DEFAULT_PORTS[scheme] === port ? `${scheme}://${host}` : `${scheme}://${host}:${port}`;
}

/** A comma-separated list of origins; blank entries are skipped. */
export function originsOf(value: string, name: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => originOf(entry, name));
}

/**
 * The entries of the gateway's `$cors_allow_origin` map (placeholder CORS_ORIGIN_ENTRIES): each
 * allowed origin maps to itself, the value Access-Control-Allow-Origin echoes. Duplicates are
 * dropped, first one kept.
 */
export function corsOriginEntries(origins: readonly string[]): string {
  return [...new Set(origins)].map((origin) => `"${origin}" "${origin}";`).join(' ');
}
