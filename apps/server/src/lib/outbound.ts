import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Loopback, private, link-local, CGNAT, multicast and unspecified ranges (IPv4 and IPv6). */
const privateV4 = (ip: string) => {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
};

const privateV6 = (ip: string) => {
  const v = ip.toLowerCase();
  if (v === '::' || v === '::1') return true;
  const mapped = v.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return privateV4(mapped[1]!);
  // URL parsing writes an IPv4-mapped address in hex (::ffff:7f00:1).
  const hex = v.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (hex) {
    const [hi, lo] = [Number.parseInt(hex[1]!, 16), Number.parseInt(hex[2]!, 16)];
    return privateV4(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(v);
};

export const isPrivateAddress = (ip: string) => (isIP(ip) === 4 ? privateV4(ip) : privateV6(ip));

/**
 * Refuses outbound URLs (merchant webhooks, push service endpoints) whose host resolves to an internal address,
 * so a member cannot make the server post into its own network (SSRF). Answers an error text, or null when
 * the target is fine. `https` only when `httpsOnly`.
 */
export const outboundTargetProblem = async (
  url: string,
  options: { allowPrivate: boolean; httpsOnly?: boolean },
): Promise<string | null> => {
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && (options.httpsOnly || parsed.protocol !== 'http:'))
      return options.httpsOnly ? 'not an https URL' : 'not an http(s) URL';
    host = parsed.hostname.replace(/^\[|\]$/g, '');
  } catch {
    return 'invalid URL';
  }
  if (options.allowPrivate) return null;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return 'the host does not resolve';
  }
  return addresses.some(isPrivateAddress) ? 'the host is a private or loopback address' : null;
};

/** Merchant webhooks: http or https, no internal addresses unless allowed. */
export const webhookTargetProblem = (url: string, allowPrivate: boolean) =>
  outboundTargetProblem(url, { allowPrivate });
