import { lazy, Suspense, useEffect } from 'react';
import type { OptionsObject, SnackbarKey, SnackbarMessage, SnackbarProviderProps } from 'notistack';

export type { SnackbarKey };

/**
 * notistack (about 8 KiB brotli) on first use instead of with every signed-in page: the shell
 * mounts its provider once the page is up (`SnackbarHost`), and `useSnackbar()` here hands out
 * the same `enqueueSnackbar`/`closeSnackbar` as notistack's, which pass each call on once the
 * module is loaded and the host's provider is mounted. A call made before that waits for it (the
 * key it returns is made here, so a caller can close its snackbar all the same).
 */
type Notistack = typeof import('notistack');

let notistack: Promise<Notistack> | null = null;
const load = () => (notistack ??= import('notistack'));

/** Set while a host is rendered but its provider not yet mounted: calls wait for it. */
let hostMounted: Promise<void> | null = null;
let markHostMounted: (() => void) | null = null;

let lastKey = 0;

function enqueueSnackbar(message: SnackbarMessage, options: OptionsObject = {}): SnackbarKey {
  const key = options.key ?? `snackbar-${Date.now()}-${++lastKey}`;
  void Promise.all([load(), hostMounted]).then(([module]) => {
    // Outside a provider (a test that renders none) notistack has nothing to call, as its hook's default context does nothing.
    if (typeof module.enqueueSnackbar === 'function') module.enqueueSnackbar(message, { ...options, key });
  });
  return key;
}

function closeSnackbar(key?: SnackbarKey) {
  void Promise.all([load(), hostMounted]).then(([module]) => {
    if (typeof module.closeSnackbar === 'function') module.closeSnackbar(key);
  });
}

const SNACKBAR = { enqueueSnackbar, closeSnackbar };

/** notistack's `useSnackbar`, without loading notistack with the page. */
export function useSnackbar() {
  return SNACKBAR;
}

const LazyProvider = lazy(async () => {
  const { SnackbarProvider } = await load();
  return {
    default: function MountedSnackbarProvider(props: SnackbarProviderProps) {
      useEffect(() => markHostMounted?.(), []);
      return <SnackbarProvider {...props} />;
    },
  };
});

/** The signed-in shell's snackbars: notistack's provider (no children: its global calls reach it), loaded after the page. */
export function SnackbarHost(props: Omit<SnackbarProviderProps, 'children'>) {
  if (!hostMounted) hostMounted = new Promise<void>((resolve) => (markHostMounted = resolve));
  return (
    <Suspense fallback={null}>
      <LazyProvider {...props} />
    </Suspense>
  );
}
