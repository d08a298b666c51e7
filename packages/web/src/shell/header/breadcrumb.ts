import type { ResolvedRoute } from '../../shared/route-meta';

export type Crumb =
  | { kind: 'text'; label: string }
  | { kind: 'back'; label: string; to: string }
  | { kind: 'current'; label: string };

/** "legal entities" -> "Legal Entities". */
export function capitalise(label: string): string {
  return label.replace(/(^|[\s-])(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/** Labels for the special detail parameters, when known (abbreviation, industry name). */
export interface SpecialLabels {
  abbrId?: string;
  industryId?: string;
}

const SPECIAL_PARAMS = ['abbrId', 'industryId'] as const;

/**
 * The breadcrumb for a resolved route: its configured list, capitalised. On a
 * route with parameters the last crumb reads Details (the legal entity's
 * abbreviation or the industry's name for abbrId / industryId) and the crumb
 * before it becomes a back button to the list.
 */
export function buildBreadcrumb(route: ResolvedRoute | null, special: SpecialLabels = {}): Crumb[] {
  if (!route || route.crumbs.length === 0) return [];
  const labels = route.crumbs.map(capitalise);
  if (!route.isDetail) {
    return labels.map((label, index) => (index === labels.length - 1 ? { kind: 'current', label } : { kind: 'text', label }));
  }
  const param = route.meta.detailParam;
  const specialParam = SPECIAL_PARAMS.find((name) => name === param);
  const last = (specialParam && special[specialParam]) || 'Details';
  const parents: Crumb[] = labels.slice(0, -1).map((label) => ({ kind: 'text', label }));
  const back: Crumb = { kind: 'back', label: labels[labels.length - 1]!, to: route.meta.listPath! };
  return [...parents, back, { kind: 'current', label: last }];
}

/** Narrower than this, plain section names give way (a lone letter helps no one). */
const SECTIONS_WIDTH = 360;

/**
 * The crumbs that fit a breadcrumb `width` px wide: all of them when wide (or unmeasured); on narrow
 * headers (a phone's) the back button and the page, both kept whole (header.test.ts in e2e).
 */
export function fitBreadcrumb(all: Crumb[], width: number | undefined): Crumb[] {
  if (width === undefined || width >= SECTIONS_WIDTH) return all;
  return all.filter((crumb) => crumb.kind !== 'text').slice(-2);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/**
 * Reserved header width beside the breadcrumb (spec web-shell §9): the right-side
 * controls plus 90 px where the header's left holds only the toggle and home
 * link (below the large breakpoint), 212 px where it also holds the brand.
 */
export function breadcrumbWidth(headerWidth: number, rightControlsWidth: number, compactLeft: boolean): number {
  return Math.max(0, headerWidth - (rightControlsWidth + (compactLeft ? 90 : 212)));
}
