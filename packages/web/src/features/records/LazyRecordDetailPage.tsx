import { lazy, Suspense } from 'react';
import { PageLoading } from '../../shared/ui/PageLoading';
import type { RecordEntity } from './record-entity';

const Page = lazy(async () => ({ default: (await import('./RecordPages')).RecordDetailPage }));

/**
 * A record page for the modules that hold an entity's list and record pages together (brands, roles,
 * ...): the record page (its tabs, actions and forms) loads when it is shown, so the list page does
 * not carry it (scripts/bundle-budget.ts).
 */
export function LazyRecordDetailPage<Row extends { id: string; created_at: string; updated_at: string }>({
  config,
}: {
  config: RecordEntity<Row>;
}) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page config={config as unknown as RecordEntity<{ id: string; created_at: string; updated_at: string }>} />
    </Suspense>
  );
}
