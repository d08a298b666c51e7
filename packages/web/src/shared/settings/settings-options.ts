import { DATE_TIME_FORMATS, formatDateTime } from '@ops/contract/common/display-values';

export { formatDateTime };

/**
 * Choices offered for the free-text code fields of the app setting. The
 * server stores any code matching its pattern; these are the codes the web
 * app understands (docs/decisions.md, "Application settings").
 */
export const THEME_MODES = [
  { value: 'LIGHT', label: 'Light' },
  { value: 'DARK', label: 'Dark' },
  { value: 'SYSTEM', label: 'System' },
] as const;

export const THEME_COLOURS = [
  { value: 'BLUE', label: 'Blue', main: '#1565c0', dark: '#64b5f6' },
  { value: 'TEAL', label: 'Teal', main: '#00695c', dark: '#4db6ac' },
  { value: 'GREEN', label: 'Green', main: '#2e7d32', dark: '#81c784' },
  { value: 'PURPLE', label: 'Purple', main: '#6a1b9a', dark: '#ce93d8' },
  { value: 'ORANGE', label: 'Orange', main: '#b54708', dark: '#ffb74d' },
  { value: 'RED', label: 'Red', main: '#c62828', dark: '#ef9a9a' },
] as const;

export const DISPLAY_DENSITIES = [
  { value: 'COMPACT', label: 'Compact' },
  { value: 'STANDARD', label: 'Standard' },
  { value: 'COMFORTABLE', label: 'Comfortable' },
] as const;

/** The interface is written in English only; other languages are not offered until translated. */
export const LANGUAGES = [{ value: 'en', label: 'English' }] as const;

export const LANDING_PAGES = [
  { value: 'HOME', label: 'Home', to: '/' },
  { value: 'MY-TICKETS', label: 'My Tickets', to: '/tickets' },
  { value: 'CLIENTS', label: 'All Clients', to: '/clients' },
  { value: 'CLIENTS-MAP', label: 'Clients Map', to: '/directory/clients?view=map' },
  { value: 'COST-CENTRES', label: 'All Cost Centres', to: '/cost-center' },
  { value: 'ALL-TICKETS', label: 'All Tickets', to: '/all-tickets' },
] as const;

export function landingPath(code: string | undefined): string {
  return LANDING_PAGES.find((page) => page.value === code)?.to ?? '/';
}

export { DATE_TIME_FORMATS };

const SAMPLE = new Date(Date.UTC(2025, 2, 14, 15, 30, 0));

/** A date-time rendered in a format setting, for previews and display. */
export const dateTimeSample = (format: string) => formatDateTime(SAMPLE, format, 'UTC');

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  // The server stores at most 32 characters.
  return zones.filter((zone) => zone.length <= 32);
}
