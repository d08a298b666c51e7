import { Suspense, lazy, type ComponentProps, type ComponentType } from 'react';
import { PageLoading } from '../../../shared/ui/PageLoading';

/**
 * A detail page's tabs other than its first load when opened, not with the page: their tables,
 * pagination and dialogs kept the client and cost-centre pages over the bundle budget (issue 22).
 */
function lazyTab<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Tab = lazy(async () => ({ default: await load() }));
  return function LazyTab(props: P) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Tab {...props} />
      </Suspense>
    );
  };
}

export const LazyOwnedRecordsTab = lazyTab<ComponentProps<typeof import('./OwnedRecordsTab').OwnedRecordsTab>>(
  async () => (await import('./OwnedRecordsTab')).OwnedRecordsTab,
);
export const LazyContactRelationsTab = lazyTab<ComponentProps<typeof import('./ContactRelationsTab').ContactRelationsTab>>(
  async () => (await import('./ContactRelationsTab')).ContactRelationsTab,
);
export const LazyHistoryTab = lazyTab<ComponentProps<typeof import('./HistoryTab').HistoryTab>>(
  async () => (await import('./HistoryTab')).HistoryTab,
);
export const LazyTimelineTab = lazyTab<ComponentProps<typeof import('./TimelineTab').TimelineTab>>(
  async () => (await import('./TimelineTab')).TimelineTab,
);
