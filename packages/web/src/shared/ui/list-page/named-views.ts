import type { View } from '@ops/contract/views/views.schemas';
import { URL_KEYS, VIEW_ID_KEY, viewFromSetting, type Density, type ListViewState } from './list-state';

/**
 * The named view a list opens with: the one the URL names (`view_id`, a link
 * from a colleague), else the user's default view when the URL carries no list
 * state of its own; none when the named view is gone or not visible.
 */
export function startViewOf(views: View[], params: URLSearchParams): View | null {
  const named = params.get(VIEW_ID_KEY);
  if (named) return views.find((v) => v.id === named) ?? null;
  if (URL_KEYS.some((key) => params.has(key))) return null;
  return views.find((v) => v.is_default) ?? null;
}

/** JSON with object keys sorted, so two equal views compare equal whatever their key order. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Whether the list shows exactly what a saved view's settings say (filters, sorting, search, columns, density, page size). */
export function sameView(settings: Record<string, unknown>, view: ListViewState, densityFallback: Density): boolean {
  return stable(viewFromSetting(settings, densityFallback)) === stable(view);
}
