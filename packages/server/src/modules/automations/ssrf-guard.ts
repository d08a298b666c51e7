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

/** Why the URL may not be called, or null. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE=true) lets private addresses through. */
export async function refusalOf(url: string, allowPrivate: boolean): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter a valid URL.';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'Enter an http or https URL.';
  if (parsed.username || parsed.password) return 'A webhook URL may not carry credentials.';
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return `The host "${host.slice(0, 100)}" does not resolve.`;
  }
  if (!addresses.length || addresses.some(isPrivateAddress)) return 'This URL resolves to a loopback, private, link-local or metadata address.';
  return null;
}

export function urlGuard(allowPrivate: boolean): UrlGuard {
  return async (url) => {
    const refusal = await refusalOf(url, allowPrivate);
    if (refusal) throw AUTOMATION_ERRORS.onField('url', 'URL_REFUSED', refusal);
  };
}
