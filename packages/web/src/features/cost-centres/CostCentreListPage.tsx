import { RecordListPage } from '../records/RecordPages';
import { costCentreEntity } from './cost-centre-entity';

export { costCentreColumns } from './cost-centre-entity';

export const CostCentreListPage = ({ directory = false }: { directory?: boolean }) => <RecordListPage config={costCentreEntity} directory={directory} />;
