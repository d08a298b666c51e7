import type { ListFilters } from './list-filters';

export const DENSITIES = ['compact', 'standard', 'comfortable'] as const;
export type Density = (typeof DENSITIES)[number];
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/**
 * Everything a user can change about a list. Saved per user in the page
 * setting under the names of spec api-contract §3 (PageSetting) (filters, sorting, renaming, visible_fields)
 * plus this app's keys (search, column_order, column_widths, density,
 * page_size); the page number lives only in the URL.
 */
export interface ListViewState {
  filters: ListFilters;
  sorting: string[];
  renaming: Record<string, string>;
  /** Visible columns in no particular order; empty means the page's defaults. */
  visible_fields: string[];
  column_order: string[];
  column_widths: Record<string, number>;
  density: Density;
  page_size: number;
  search: string;
}

export const EMPTY_VIEW: ListViewState = {
  filters: {},
  sorting: [],
  renaming: {},
  visible_fields: [],
  column_order: [],
  column_widths: {},
  density: 'standard',
  page_size: DEFAULT_PAGE_SIZE,
  search: '',
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

function pageSize(value: unknown): number {
  const n = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
}

/** Reads a saved `page_setting` defensively: any key may be missing or of another shape. */
export function viewFromSetting(setting: unknown, densityFallback: Density = 'standard'): ListViewState {
  if (!isRecord(setting)) return { ...EMPTY_VIEW, density: densityFallback };
  const renaming = isRecord(setting.renaming) ? Object.fromEntries(Object.entries(setting.renaming).filter(([, v]) => typeof v === 'string')) : {};
  const widths = isRecord(setting.column_widths) ? Object.fromEntries(Object.entries(setting.column_widths).filter(([, v]) => typeof v === 'number' && v > 0)) : {};
  return {
    filters: isRecord(setting.filters) ? setting.filters : {},
    sorting: strings(setting.sorting),
    renaming: renaming as Record<string, string>,
    visible_fields: strings(setting.visible_fields),
    column_order: strings(setting.column_order),
    column_widths: widths as Record<string, number>,
    density: (DENSITIES as readonly string[]).includes(setting.density as string) ? (setting.density as Density) : densityFallback,
    page_size: pageSize(setting.page_size),
    search: typeof setting.search === 'string' ? setting.search : '',
  };
}

export function settingFromView(view: ListViewState, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...extra, ...view };
}

/** The part of the view a shared link carries, plus the page. */
export interface UrlView {
  filters?: ListFilters;
  sorting?: string[];
  search?: string;
  page_size?: number;
  page?: number;
}

/**
 * The named view a list shows (`identity/views/`), so a link opens it. Not `view`: that names
 * the map or list variant of the directory pages.
 */
export const VIEW_ID_KEY = 'view_id';

/** URL keys this list owns; other parameters (`view=list`) are left alone. */
export const URL_KEYS = ['filters', 'ordering', 'search', 'page', 'page_size'] as const;

export function urlViewOf(params: URLSearchParams): UrlView {
  const view: UrlView = {};
  const filters = params.get('filters');
  if (filters) {
    try {
      const parsed: unknown = JSON.parse(filters);
      if (isRecord(parsed)) view.filters = parsed;
    } catch {
      // A hand-edited link with broken JSON: ignore it and keep the saved filters.
    }
  }
  const ordering = params.get('ordering');
  if (ordering !== null) view.sorting = ordering.split(',').map((s) => s.trim()).filter(Boolean);
  const search = params.get('search');
  if (search !== null) view.search = search;
  const size = params.get('page_size');
  if (size !== null) view.page_size = pageSize(size);
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) view.page = page;
  return view;
}

/** Writes the view's shareable part into the URL's parameters, keeping unrelated ones. */
export function withUrlView(params: URLSearchParams, view: ListViewState, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of URL_KEYS) next.delete(key);
  if (Object.keys(view.filters).length) next.set('filters', JSON.stringify(view.filters));
  if (view.sorting.length) next.set('ordering', view.sorting.join(','));
  if (view.search) next.set('search', view.search);
  if (view.page_size !== DEFAULT_PAGE_SIZE) next.set('page_size', String(view.page_size));
  if (page > 1) next.set('page', String(page));
  return next;
}

/** The list engine's query parameters for a page of the view. */
export function listQueryOf(view: ListViewState, page: number): Record<string, string> {
  const query: Record<string, string> = { limit: String(view.page_size), offset: String((page - 1) * view.page_size) };
  if (Object.keys(view.filters).length) query.filters = JSON.stringify(view.filters);
  if (view.sorting.length) query.ordering = view.sorting.join(',');
  if (view.search.trim()) query.search = view.search.trim();
  return query;
}

/**
 * The columns in display order: the saved order first (names that no longer
 * exist are skipped), then any column the saved order does not know, in the
 * page's order.
 */
export function orderedFields(fields: string[], saved: string[]): string[] {
  const known = new Set(fields);
  const first = saved.filter((f, i) => known.has(f) && saved.indexOf(f) === i);
  return [...first, ...fields.filter((f) => !first.includes(f))];
}

/** Moves a field one place left (-1) or right (+1) among the ordered fields. */
export function moveField(order: string[], field: string, by: -1 | 1): string[] {
  const at = order.indexOf(field);
  const to = at + by;
  if (at < 0 || to < 0 || to >= order.length) return order;
  const next = [...order];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

/**
 * The view a URL stands for when the browser goes back or forward to it: its
 * filters, sorting, search, page size and page, or none of them where the URL
 * has none; the columns, widths and density stay as they are.
 */
export function viewAtUrl(params: URLSearchParams, current: ListViewState): { view: ListViewState; page: number } {
  const { page = 1, filters = {}, sorting = [], search = '', page_size = DEFAULT_PAGE_SIZE } = urlViewOf(params);
  return { view: { ...current, filters, sorting, search, page_size }, page };
}

/**
 * Whether a change of the view gets its own history entry: a new filter,
 * sorting, page or page size does (Back undoes it); typing a search only
 * replaces the current entry, so Back does not step through every keystroke.
 */
export function historyModeOf(before: URLSearchParams, after: URLSearchParams): 'push' | 'replace' {
  if ((before.get('search') ?? '') !== (after.get('search') ?? '')) return 'replace';
  const moved = URL_KEYS.some((key) => key !== 'search' && before.get(key) !== after.get(key));
  return moved ? 'push' : 'replace';
}
