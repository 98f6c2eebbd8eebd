import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be delivered (docs/adr/0087-webhook-targets-and-signing.md): an `https` URL
 * whose host has only public addresses. With private targets allowed (WEBHOOK_ALLOW_PRIVATE_TARGETS,
 * local work and tests) `http` and every address are allowed too. The address is checked when the
 * subscription is made and again at every attempt, where the request goes to the address that was
 * checked (a name that resolves elsewhere in between, DNS rebinding, changes nothing).
 */
export class TargetRefused extends Error {
  override readonly name = 'TargetRefused';
}

/** Non-public IPv4 ranges: "this network", private, shared (carrier-grade NAT), loopback, link-local, protocol assignments, documentation, benchmarking, multicast and reserved. */
const NON_PUBLIC_V4: ReadonlyArray<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/**
 * IPv6: only global unicast (2000::/3) is public, less its special blocks: protocol assignments
 * (Teredo among them), documentation and 6to4. Everything outside it (loopback, unspecified,
 * IPv4-mapped and NAT64 forms of IPv4 addresses, unique-local, link-local, multicast) is refused.
 */
const GLOBAL_V6: [string, number] = ['2000::', 3];
const NON_PUBLIC_V6: ReadonlyArray<[string, number]> = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
];

const nonPublicV4 = new BlockList();
for (const [network, prefix] of NON_PUBLIC_V4) nonPublicV4.addSubnet(network, prefix, 'ipv4');
const globalV6 = new BlockList();
globalV6.addSubnet(GLOBAL_V6[0], GLOBAL_V6[1], 'ipv6');
const nonPublicV6 = new BlockList();
for (const [network, prefix] of NON_PUBLIC_V6) nonPublicV6.addSubnet(network, prefix, 'ipv6');

/** Whether `address` (an IP address) is reachable on the public internet, by the ranges above. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !nonPublicV4.check(address, 'ipv4');
  if (family === 6) return globalV6.check(address, 'ipv6') && !nonPublicV6.check(address, 'ipv6');
  return false;
}

export interface TargetPolicy {
  allowPrivateTargets: boolean;
}

/** A target URL that passed the policy, with the address to connect to. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** The URL's form: http(s), no credentials, a host. Throws TargetRefused with the reason. */
export function parseTargetUrl(value: string, policy: TargetPolicy): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TargetRefused('url must be an absolute URL');
  }
  const schemes = policy.allowPrivateTargets ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    throw new TargetRefused(policy.allowPrivateTargets ? 'url must be an http or https URL' : 'url must be an https URL');
  }
  if (url.username !== '' || url.password !== '') throw new TargetRefused('url must not carry a user name or password');
  if (url.hostname === '') throw new TargetRefused('url must name a host');
  return url;
}

/** Every address the URL's host resolves to, each checked; the first is the one to connect to. */
export async function checkTarget(value: string, policy: TargetPolicy): Promise<CheckedTarget> {
  const url = parseTargetUrl(value, policy);
  // WHATWG URLs keep IPv6 literals in brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolve(host);
  if (addresses.length === 0) throw new TargetRefused(`url's host ${host} does not resolve`);
  if (!policy.allowPrivateTargets) {
    const refused = addresses.find(({ address }) => !isPublicAddress(address));
    if (refused) throw new TargetRefused(`url's host ${host} resolves to ${refused.address}, which is not a public address`);
  }
  const [first] = addresses;
  if (!first) throw new TargetRefused(`url's host ${host} does not resolve`);
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A name that takes longer than this to resolve is refused (the attempt as a whole has 10 s). */
const RESOLVE_TIMEOUT_MS = 5_000;

async function resolve(host: string): Promise<Array<{ address: string; family: number }>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new TargetRefused(`url's host ${host} did not resolve within ${RESOLVE_TIMEOUT_MS / 1000} s`)),
      RESOLVE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([lookup(host, { all: true, verbatim: true }), late]);
  } catch (error) {
    if (error instanceof TargetRefused) throw error;
    throw new TargetRefused(`url's host ${host} does not resolve`);
  } finally {
    clearTimeout(timer);
  }
}
