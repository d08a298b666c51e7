import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../shared/ui/PageLoading';

// MapLibre is large: the map views load it on first use, the list views never do.
const ClientsMapPage = lazy(async () => ({ default: (await import('./map/DirectoryMapPage')).ClientsMapPage }));
const CostCentreMapPage = lazy(async () => ({ default: (await import('./map/DirectoryMapPage')).CostCentreMapPage }));
const ClientsListPage = lazy(async () => {
  const { ClientListPage } = await import('../clients/ClientListPage');
  return { default: () => <ClientListPage directory /> };
});
const CostCentresListPage = lazy(async () => {
  const { CostCentreListPage } = await import('../cost-centres/CostCentreListPage');
  return { default: () => <CostCentreListPage directory /> };
});

/** /directory/clients: the map with ?view=map, the list otherwise (spec web-shell §2.1). */
export function DirectoryClientsPage() {
  const [params] = useSearchParams();
  return <Suspense fallback={<PageLoading />}>{params.get('view') === 'map' ? <ClientsMapPage /> : <ClientsListPage />}</Suspense>;
}

/** /directory/cost-center: the map with ?view=map, the list otherwise. */
export function DirectoryCostCentresPage() {
  const [params] = useSearchParams();
  return <Suspense fallback={<PageLoading />}>{params.get('view') === 'map' ? <CostCentreMapPage /> : <CostCentresListPage />}</Suspense>;
}
