import { lazy, Suspense, type ComponentProps } from 'react';

// The confirmation dialogs, loaded when a page first asks: pages render them only on a click (Delete, Remove),
// so they are not part of any page's initial JavaScript (scripts/bundle-budget.ts). Same names and props as
// ConfirmDialog.tsx.
const LazyConfirm = lazy(async () => ({ default: (await import('./ConfirmDialog')).ConfirmDialog }));
const LazyConfirmDelete = lazy(async () => ({ default: (await import('./ConfirmDialog')).ConfirmDeleteDialog }));

export function ConfirmDialog(props: ComponentProps<typeof LazyConfirm>) {
  return (
    <Suspense fallback={null}>
      <LazyConfirm {...props} />
    </Suspense>
  );
}

export function ConfirmDeleteDialog(props: ComponentProps<typeof LazyConfirmDelete>) {
  return (
    <Suspense fallback={null}>
      <LazyConfirmDelete {...props} />
    </Suspense>
  );
}
