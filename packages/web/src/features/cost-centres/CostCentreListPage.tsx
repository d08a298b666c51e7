import { RecordListPage } from '../records/RecordListPage';
import { costCentreEntity } from './cost-centre-entity';

export { costCentreColumns } from './cost-centre-entity';

export const CostCentreListPage = ({ directory = false }: { directory?: boolean }) => <RecordListPage config={costCentreEntity} directory={directory} />;
