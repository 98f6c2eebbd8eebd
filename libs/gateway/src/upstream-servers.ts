/*
 * The instances behind each service prefix, as the server lines of its nginx upstream. The local
 * runner gives loopback addresses (one per process, SERVICE_INSTANCES); the gateway image gives
 * service names that Docker's DNS resolves to every replica (`docker compose up --scale`).
 * gateway/render-config.sh applies the same rules inside the image; tools/checks/gateway-image.spec.ts
 * keeps the two in step.
 */

/**
 * Passive health: an instance that fails twice (refused, reset, timed out) within 5 s is left out
 * for 5 s, so a process that died costs at most two retried requests a window, not one per
 * request, and a restarted one is back in rotation within 5 s. nginx never leaves out an
 * upstream's only server.
 */
export const UPSTREAM_SERVER_PARAMETERS = 'max_fails=2 fail_timeout=5s';

/** Docker's embedded DNS server, which answers for the compose services' names. */
export const DEFAULT_GATEWAY_RESOLVER = '127.0.0.11';

/**
 * How often nginx asks the resolver again (Docker answers with a TTL of 600 s): a replica added by
 * `--scale` receives traffic within 10 s.
 */
export const RESOLVER_VALID = '10s';

const ADDRESS = /^([a-z0-9](?:[a-z0-9.-]*[a-z0-9])?):([1-9][0-9]{0,4})$/i;
const IPV4 = /^[0-9]{1,3}(\.[0-9]{1,3}){3}$/;

/** A comma-separated list of host:port (blank entries skipped), or a one-line error naming the setting. */
export function upstreamAddressesOf(value: string, name: string): string[] {
  const addresses = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (addresses.length === 0)
    throw new Error(`invalid configuration: ${name} has "${value}", which is not a host:port list such as evaluation:9103`);
  for (const address of addresses) {
    const port = ADDRESS.exec(address)?.[2];
    if (port === undefined || Number(port) > 65535)
      throw new Error(`invalid configuration: ${name} has "${address}", which is not a host:port list such as evaluation:9103`);
  }
  return addresses;
}

const isName = (address: string) => !IPV4.test(address.slice(0, address.lastIndexOf(':')));

/**
 * The upstream's `server` lines (placeholders <SERVICE>_SERVERS). A name is re-resolved while
 * nginx runs (`resolve`, nginx 1.27.3 and later), so every address it has, replicas added later
 * included, becomes a server of its own.
 */
export function upstreamServers(addresses: readonly string[]): string {
  return addresses.map((address) => `server ${address}${isName(address) ? ' resolve' : ''} ${UPSTREAM_SERVER_PARAMETERS};`).join(' ');
}

/**
 * The `resolver` directive (placeholder UPSTREAM_RESOLVER) when any upstream is a name, else
 * nothing: addresses need no resolver.
 */
export function upstreamResolver(addresses: readonly string[], resolver: string = DEFAULT_GATEWAY_RESOLVER): string {
  if (!addresses.some(isName)) return '';
  if (!/^[0-9]{1,3}(\.[0-9]{1,3}){3}(:[1-9][0-9]{0,4})?$/.test(resolver))
    throw new Error(`invalid configuration: GATEWAY_RESOLVER has "${resolver}", which is not an IPv4 address such as 127.0.0.11`);
  return `resolver ${resolver} valid=${RESOLVER_VALID} ipv6=off;`;
}
