import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { AUTOMATION_ERRORS } from './automations.errors';

/** Checks a webhook URL (400 naming `url`): http(s) only, and every address its host resolves to public. */
export type UrlGuard = (url: string) => Promise<void>;

const METADATA = ['169.254.169.254', 'fd00:ec2::254'];

/** Whether an address is loopback, private, link-local, unique-local, metadata or otherwise not public unicast. */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (METADATA.some((m) => ipaddr.parse(m).toNormalizedString() === parsed.toNormalizedString())) return true;
  return parsed.range() !== 'unicast';
}

/** How a host name becomes addresses (dns.lookup, every address, as the resolver answers them); a seam for tests. */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** A URL checked for calling: the address to connect to (undefined: let the system resolve, WEBHOOK_ALLOW_PRIVATE) or why not. */
export type Checked = { url: URL; address?: { address: string; family: number }; refusal?: undefined } | { refusal: string };

/**
 * Resolves the host ONCE and checks every address it answers; the caller connects to the address
 * returned here (never resolving again), so a name that answers a public address to the check and
 * a private one to the connection (DNS rebinding) cannot reach the private one.
 */
export async function checkUrl(url: string, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<Checked> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { refusal: 'Enter a valid URL.' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { refusal: 'Enter an http or https URL.' };
  if (parsed.username || parsed.password) return { refusal: 'A webhook URL may not carry credentials.' };
  if (allowPrivate) return { url: parsed };
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = ipaddr.isValid(host) ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : await resolve(host);
  } catch {
    return { refusal: `The host "${host.slice(0, 100)}" does not resolve.` };
  }
  if (!addresses.length || addresses.some((a) => isPrivateAddress(a.address))) return { refusal: 'This URL resolves to a loopback, private, link-local or metadata address.' };
  return { url: parsed, address: addresses[0]! };
}

/** Why the URL may not be called, or null. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE=true) lets private addresses through. */
export async function refusalOf(url: string, allowPrivate: boolean, resolve: Resolver = systemResolver): Promise<string | null> {
  return (await checkUrl(url, allowPrivate, resolve)).refusal ?? null;
}

export function urlGuard(allowPrivate: boolean): UrlGuard {
  return async (url) => {
    const refusal = await refusalOf(url, allowPrivate);
    if (refusal) throw AUTOMATION_ERRORS.onField('url', 'URL_REFUSED', refusal);
  };
}
