import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EMPTY_VIEW, historyModeOf, VIEW_ID_KEY, settingFromView, viewAtUrl, viewFromSetting, withUrlView, type Density, type ListViewState } from './list-state';
import { openingViewOf } from './list-request';
import { useSavePageSetting } from './page-setting.queries';

export interface ListViewOptions {
  pageKey: string;
  /** The saved `page_setting` (undefined when none was saved). */
  saved: Record<string, unknown> | undefined;
  densityFallback: Density;
  /** Inside another page: no URL state. */
  embedded?: boolean;
  /** A named view to start from instead of the page setting (the URL's `view_id`, or the user's default view). */
  startView?: { id: string; settings: Record<string, unknown> } | null;
}

export interface ListViewControls {
  view: ListViewState;
  /** Counts from 1. */
  page: number;
  setPage: (page: number) => void;
  /** Discrete changes save at once; typing and column dragging (`debounce`) save after a pause. */
  update: (change: Partial<ListViewState>, options?: { resetPage?: boolean; debounce?: boolean }) => void;
  /** The search box's text; the view's search follows it after a pause. */
  searchText: string;
  setSearchText: (text: string) => void;
  clearSearchAndFilters: () => void;
  resetView: () => void;
  /** The named view the list shows (`view_id` in the URL), or null. */
  viewId: string | null;
  /** Switches to a named view (its settings replace the list's view), or to none (the view stays as it is). */
  applyView: (view: { id: string; settings: Record<string, unknown> } | null) => void;
}

/**
 * A list's view (filters, sorting, search, columns, density, page size) and page. The URL
 * carries page, page size, ordering, search and filters; the saved page setting fills in only
 * what the URL leaves out (spec platform §13.4). Changes are saved to the page setting and written to the
 * URL (filters, sorting and paging as history entries, so Back undoes them); Back and Forward
 * read the URL back into the view. Filters and search a link brought (not the saved ones) are
 * shown and kept in the URL, never saved over the user's own.
 */
export function useListView({ pageKey, saved, densityFallback, embedded, startView }: ListViewOptions): ListViewControls {
  const [searchParams, setSearchParams] = useSearchParams();
  const savePageSetting = useSavePageSetting(pageKey);

  const [initial] = useState(() => openingViewOf({ saved, densityFallback, params: searchParams, embedded, startView }));
  const kept = useRef(initial.kept);
  const [view, setView] = useState<ListViewState>(initial.view);
  const [viewId, setViewId] = useState<string | null>(embedded ? null : (startView?.id ?? null));
  const [page, setPage] = useState(initial.page);
  const [searchText, setSearchText] = useState(initial.view.search);

  // Saves are debounced; a pending one is flushed when the page closes.
  const pendingSave = useRef<{ timer: ReturnType<typeof setTimeout>; value: Record<string, unknown> } | null>(null);
  const flush = useCallback(
    (leaving = false) => {
      const pending = pendingSave.current;
      if (!pending) return;
      clearTimeout(pending.timer);
      pendingSave.current = null;
      void savePageSetting(pending.value, { leaving });
    },
    [savePageSetting],
  );
  useEffect(() => {
    const onLeave = () => flush(true);
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.removeEventListener('pagehide', onLeave);
      flush();
    };
  }, [flush]);

  const update = useCallback<ListViewControls['update']>(
    (change, options = {}) => {
      setView((current) => {
        const next = { ...current, ...change };
        const value = settingFromView(kept.current ? { ...next, ...kept.current } : next, saved);
        if (pendingSave.current) clearTimeout(pendingSave.current.timer);
        pendingSave.current = { value, timer: setTimeout(() => flush(), options.debounce ? 600 : 0) };
        return next;
      });
      if (options.resetPage) setPage(1);
    },
    [flush, saved],
  );

  // Back and Forward: a URL this page did not write is read into the view (filters, sorting, search, page).
  // The router applies a write a render or more later (a data router navigates asynchronously), so
  // the URLs written and not yet seen are remembered: one of them arriving is this page's own, and
  // the newest is what the address bar will hold, whatever the rendered URL still says.
  const written = useRef<string[]>([]);
  const seenUrl = useRef<string | null>(null);
  const replaceNext = useRef(true);
  useEffect(() => {
    if (embedded) return;
    const current = searchParams.toString();
    if (seenUrl.current === null || current === seenUrl.current) {
      // First render: the view already started from this URL (and the saved setting).
      seenUrl.current = current;
      return;
    }
    seenUrl.current = current;
    const own = written.current.indexOf(current);
    if (own >= 0) {
      written.current = written.current.slice(own + 1);
      return;
    }
    written.current = [];
    replaceNext.current = true;
    const { view: next, page: nextPage } = viewAtUrl(searchParams, view);
    setViewId(searchParams.get(VIEW_ID_KEY));
    update(next);
    setPage(nextPage);
    setSearchText(next.search);
    // Only a changed URL is read here (the view is deliberately not a dependency).
  }, [searchParams, embedded]);

  // The address bar mirrors the view so the link can be shared or bookmarked.
  useEffect(() => {
    if (embedded) return;
    const before = new URLSearchParams(written.current.at(-1) ?? searchParams);
    const next = withUrlView(before, view, page);
    if (viewId) next.set(VIEW_ID_KEY, viewId);
    else next.delete(VIEW_ID_KEY);
    // Switching views is a step Back undoes.
    const switched = (before.get(VIEW_ID_KEY) ?? null) !== viewId;
    const mode = replaceNext.current ? 'replace' : switched ? 'push' : historyModeOf(before, next);
    replaceNext.current = false;
    // Compared with the URL the address bar will hold, not the rendered one: a view changed back
    // before an earlier write arrived must still be written, or that write would stay.
    if (next.toString() === before.toString()) return;
    written.current = [...written.current, next.toString()];
    setSearchParams(next, { replace: mode === 'replace' });
    // The URL follows the view, not the other way round (the URL is deliberately not a dependency).
  }, [view, page, viewId, embedded]);

  // Typing searches after a pause, not on every key.
  useEffect(() => {
    if (searchText === view.search) return;
    const timer = setTimeout(() => update({ search: searchText }, { resetPage: true, debounce: true }), 350);
    return () => clearTimeout(timer);
  }, [searchText, view.search, update]);

  const clearSearchAndFilters = useCallback(() => {
    kept.current = null;
    setSearchText('');
    update({ filters: {}, search: '' }, { resetPage: true });
  }, [update]);

  const resetView = useCallback(() => {
    kept.current = null;
    setSearchText('');
    setViewId(null);
    update({ ...EMPTY_VIEW, density: densityFallback }, { resetPage: true });
  }, [update, densityFallback]);

  const applyView = useCallback<ListViewControls['applyView']>(
    (named) => {
      setViewId(named?.id ?? null);
      if (!named) return;
      kept.current = null;
      const next = viewFromSetting(named.settings, densityFallback);
      setSearchText(next.search);
      update(next, { resetPage: true });
    },
    [update, densityFallback],
  );

  return { view, page, setPage, update, searchText, setSearchText, clearSearchAndFilters, resetView, viewId, applyView };
}
