import { useSearchParams } from 'react-router';
import { ModuleListPage } from '../modules/ModuleListPage';
import { ClientListPage } from './ClientListPage';

/** /directory/clients: the list view here; the map view (`view=map`) is its own page. */
export function DirectoryClientsPage() {
  const [params] = useSearchParams();
  return params.get('view') === 'map' ? <ModuleListPage /> : <ClientListPage directory />;
}
