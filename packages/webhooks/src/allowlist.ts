/**
 * @module allowlist
 * Which client addresses may call webhooks: IPv4 and IPv6 addresses and CIDR ranges, checked with
 * Node's `net.BlockList` (IPv4-mapped IPv6 addresses such as `::ffff:10.0.0.1` match IPv4 rules).
 * A malformed entry is a TypeError at start-up, not silently ignored as in the reference.
 */
import { BlockList, isIP } from 'node:net';

export type AddressCheck = (address: string | undefined) => boolean;

function addEntry(list: BlockList, entry: string): void {
  const [address = '', bits, extra] = entry.trim().split('/');
  const family = isIP(address);
  const prefix = bits === undefined ? undefined : Number(bits);
  const max = family === 6 ? 128 : 32;
  const badPrefix = prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= max);
  if (family === 0 || extra !== undefined || badPrefix || bits === '') {
    throw new TypeError(`@gatehouse/webhooks: allowedIps: "${entry}" is not an IP address or CIDR range`);
  }
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (prefix === undefined) list.addAddress(address, type);
  else list.addSubnet(address, prefix, type);
}

/** A check that passes the addresses in `entries`. */
export function allowList(entries: readonly string[]): AddressCheck {
  const list = new BlockList();
  for (const entry of entries) addEntry(list, entry);
  return (address) => {
    if (address === undefined) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return list.check(mapped[1]!, 'ipv4');
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
