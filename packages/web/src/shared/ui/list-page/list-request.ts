import type { View } from '@ops/contract/views/views.schemas';
import type { ListFilters } from './list-filters';
import { listPageQuery, type ListSource } from './list-source';
import { listQueryOf, urlViewOf, viewFromSetting, type Density, type ListViewState } from './list-state';
import { startViewOf } from './named-views';

/**
 * How a list's first request is made, in one place for the list page (`ListPage`, `useListView`)
 * and for the shell, which starts that request as soon as the saved view answers, before the
 * page's code has arrived (`prefetchListView`). Both must build the same query key, or the
 * shell's request is wasted and the page asks again. No React, no MUI: the router loads it
 * in a small chunk of its own.
 */

export interface OpeningViewOptions {
  /** The saved `page_setting` (undefined when none was saved). */
  saved: Record<string, unknown> | undefined;
  densityFallback: Density;
  /** The URL's search parameters (ignored when embedded). */
  params: URLSearchParams;
  /** Inside another page: no URL state and no named view. */
  embedded?: boolean;
  /** A named view to start from instead of the page setting (the URL's `view_id`, or the user's default view). */
  startView?: { id: string; settings: Record<string, unknown> } | null;
}

export interface OpeningView {
  view: ListViewState;
  /** Counts from 1. */
  page: number;
  /** The user's own filters and search when a link brought others (kept for saving), else null. */
  kept: { filters: ListFilters; search: string } | null;
}

/**
 * The view and page a list opens with: the named view or the saved page setting, with what the
 * URL carries (page, page size, ordering, search, filters) over it (spec platform §13.4).
 */
export function openingViewOf({ saved, densityFallback, params, embedded, startView }: OpeningViewOptions): OpeningView {
  const stored = viewFromSetting(startView && !embedded ? startView.settings : saved, densityFallback);
  const { page = 1, ...shared } = embedded ? {} : urlViewOf(params);
  const view = { ...stored, ...shared } as ListViewState;
  // Opened from a link with other filters or search than the saved ones (a dashboard figure, a
  // shared link): the list shows them, and its saves keep the user's own until they clear or reset.
  const linked = JSON.stringify([view.filters, view.search]) !== JSON.stringify([stored.filters, stored.search]);
  return { view, page, kept: linked ? { filters: stored.filters, search: stored.search } : null };
}

/** The list engine's query for a page of the view, with the filters the page always applies. */
export function listRequestOf(view: ListViewState, page: number, fixedFilters?: ListFilters): Record<string, string> {
  return listQueryOf(fixedFilters ? { ...view, filters: { ...view.filters, ...fixedFilters } } : view, page);
}

export interface OpeningListOptions {
  source: ListSource;
  /** The saved `page_setting` (undefined when none was saved). */
  saved: Record<string, unknown> | undefined;
  /** The page's named views (the URL's `view_id` or the user's default one may open the list). */
  views: View[];
  /** The URL's search parameters. */
  params: URLSearchParams;
}

/**
 * The query (key and request) of the first page a list page (not embedded) shows when it opens
 * with this saved view, these named views and this URL: what `ListPage` asks for on mount.
 */
export function openingListQuery<Row>({ source, saved, views, params }: OpeningListOptions) {
  // The density does not reach the request.
  const { view, page } = openingViewOf({ saved, densityFallback: 'standard', params, startView: startViewOf(views, params) });
  return listPageQuery<Row>(source, listRequestOf(view, page));
}
