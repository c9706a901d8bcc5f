import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses the server must never send a member-chosen request to: this host, private networks, and every
 * range that routes to them or is not the public internet (IANA special-purpose registries).
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 3], // multicast, reserved, broadcast
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo: tunnels to an IPv4 address that is not checked here
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some networks)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** The 16 bytes of an IPv6 address. */
const v6Bytes = (ip: string): number[] => {
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const groups = (part: string) => {
    if (part === '') return [];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (g.includes('.')) {
        const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
        out.push((a << 8) | b, (c << 8) | d);
      } else out.push(Number.parseInt(g, 16));
    }
    return out;
  };
  const h = groups(head);
  const t = ip.includes('::') ? groups(tail) : [];
  const all = [...h, ...Array(8 - h.length - t.length).fill(0), ...t];
  return all.flatMap((g) => [g >> 8, g & 255]);
};

const v4Of = (b: number[]) => b.join('.');

/**
 * The IPv4 address an IPv6 address carries to, when it is one of the forms that reach IPv4 hosts: mapped
 * (`::ffff:a.b.c.d`), compatible (`::a.b.c.d`), NAT64 (`64:ff9b::/96`, local `64:ff9b:1::/48`) and 6to4
 * (`2002:AABB:CCDD::/16`). Such an address is as private as the IPv4 address it reaches.
 */
const embeddedV4 = (ip: string): string | null => {
  const b = v6Bytes(ip);
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4Of(b.slice(12));
  if (zeros(0, 12) && !zeros(12, 16)) return v4Of(b.slice(12));
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return v4Of(b.slice(12));
  if (b[0] === 0x20 && b[1] === 0x02) return v4Of(b.slice(2, 6));
  return null;
};

export const isPrivateAddress = (ip: string): boolean => {
  if (isIP(ip) === 4) return blocked.check(ip, 'ipv4');
  if (isIP(ip) !== 6) return true;
  const v4 = embeddedV4(ip);
  if (v4 !== null) return blocked.check(v4, 'ipv4');
  return blocked.check(ip, 'ipv6');
};

interface Target {
  url: URL;
  /** The address checked, which the request connects to (never resolved again); null when not checked. */
  pinned: { address: string; family: 4 | 6 } | null;
}

/**
 * Checks an outbound URL (merchant webhooks, pay-desk notifications, push service endpoints) and resolves its
 * host once: an error text, or the address to connect to. Refuses hosts that resolve to an internal address
 * (unless `allowPrivate`), so a member cannot make the server post into its own network (SSRF); `https` only
 * when `httpsOnly`.
 */
const resolveTarget = async (
  url: string,
  options: { allowPrivate: boolean; httpsOnly?: boolean },
): Promise<{ problem: string } | Target> => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { problem: 'invalid URL' };
  }
  if (parsed.protocol !== 'https:' && (options.httpsOnly || parsed.protocol !== 'http:'))
    return { problem: options.httpsOnly ? 'not an https URL' : 'not an http(s) URL' };
  if (options.allowPrivate) return { url: parsed, pinned: null };
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    return { problem: 'the host does not resolve' };
  }
  // Every address must pass: the client might otherwise pick a private one of several.
  if (addresses.some((a) => isPrivateAddress(a.address)))
    return { problem: 'the host is a private or loopback address' };
  const first = addresses[0];
  if (!first) return { problem: 'the host does not resolve' };
  return { url: parsed, pinned: { address: first.address, family: first.family === 6 ? 6 : 4 } };
};

/** Answers an error text, or null when the target is fine (a check before storing an endpoint). */
export const outboundTargetProblem = async (
  url: string,
  options: { allowPrivate: boolean; httpsOnly?: boolean },
): Promise<string | null> => {
  const target = await resolveTarget(url, options);
  return 'problem' in target ? target.problem : null;
};

/** Merchant webhooks and pay-desk notifications: http or https (https only in production), checked hosts. */
export const webhookTargetProblem = (url: string, allowPrivate: boolean, httpsOnly = false) =>
  outboundTargetProblem(url, { allowPrivate, httpsOnly });

/** A DNS lookup that answers the address already checked, whatever it is asked. */
const pinnedLookup =
  (pinned: { address: string; family: 4 | 6 }): LookupFunction =>
  (_host, options, callback) => {
    const cb = callback as (...args: unknown[]) => void;
    if (options.all) cb(null, [pinned]);
    else cb(null, pinned.address, pinned.family);
  };

/**
 * POSTs to a checked target and answers the HTTP status. The host is resolved once and the connection goes to
 * the address that was checked (a DNS answer that changes between the check and the connection cannot point it
 * inside), and redirects are not followed: a 3xx is answered as it is, and the caller treats it as a failure.
 * Throws on a refused target, a network error or the deadline.
 */
export const postToCheckedTarget = async (
  url: string,
  init: {
    headers: Record<string, string>;
    body: string;
    allowPrivate: boolean;
    httpsOnly?: boolean;
    timeoutMs: number;
  },
): Promise<number> => {
  const target = await resolveTarget(url, init);
  if ('problem' in target) throw new Error(target.problem);
  const { pinned } = target;
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const req = client.request(
      target.url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...init.headers },
        timeout: init.timeoutMs,
        // The pinned address; TLS still checks the certificate against the URL's host name.
        ...(pinned ? { lookup: pinnedLookup(pinned) } : {}),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${init.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(init.body);
  });
};
