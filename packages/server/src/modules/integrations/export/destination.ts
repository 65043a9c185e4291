import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** The endpoint's host is (or resolves to) an address of a private network, refused unless allowed. */
export class DestinationRefusedError extends Error {
  readonly code = 'DESTINATION_REFUSED';
}

/**
 * Addresses an export never reaches unless INTEGRATIONS_ALLOW_PRIVATE_NETWORKS is on: the endpoint
 * is typed by a user, and without this a user could make the portal post to services only its own
 * network reaches (loopback, private, link-local, carrier-grade NAT, unique-local, multicast).
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) PRIVATE.addSubnet(network, prefix, 'ipv6');

/** True when `address` (IPv4 or IPv6, an IPv4-mapped IPv6 read as its IPv4) is not a public one. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A dns.lookup for http.request's `lookup` option that refuses private addresses: the check is
 * made on the very addresses the socket connects to (no second resolution a DNS answer could
 * change in between). A host written as an IP address is not looked up; `checkHost` covers it.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = allowPrivate ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
      if (refused) return callback(new DestinationRefusedError(`${hostname} resolves to ${refused.address}, a private network address`), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/** Refuses an endpoint whose host is a private IP address written out (names are checked by guardedLookup). */
export function checkHost(url: URL, allowPrivate: boolean): void {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) throw new DestinationRefusedError(`${host} is a private network address`);
}
