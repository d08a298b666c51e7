import { RecordListPage } from '../records/RecordListPage';
import { clientEntity } from './client-entity';

export { clientColumns } from './client-entity';

/** All Clients, under Accounts (/clients) and in the directory's list view (/directory/clients?view=list). */
export const ClientListPage = ({ directory = false }: { directory?: boolean }) => <RecordListPage config={clientEntity} directory={directory} />;
