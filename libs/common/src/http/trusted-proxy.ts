import proxyAddr from '@fastify/proxy-addr';
import { LruMap } from '../cache/lru-map';

/** Addresses whose answer is kept: the gateway's few instances, with room to spare. */
const REMEMBERED_ADDRESSES = 64;

/**
 * Fastify's `trustProxy` check, as `proxyAddr.compile(ranges)` makes it, remembered per address.
 * The compiled check parses the address with ipaddr.js twice on every call, a visible share of
 * every forwarded request's CPU, and its answer depends on the address alone, never on the hop:
 * in practice it is asked about the one gateway address that every forwarded call arrives from
 * (docs/adr/0010-trusted-proxy-check-per-address.md).
 */
export function trustedProxy(ranges: string[]): (address: string, hop: number) => boolean {
  const trusts = proxyAddr.compile(ranges);
  const known = new LruMap<string, boolean>(REMEMBERED_ADDRESSES);
  return (address, hop) => {
    let trusted = known.get(address);
    if (trusted === undefined) {
      trusted = trusts(address, hop);
      known.set(address, trusted);
    }
    return trusted;
  };
}
