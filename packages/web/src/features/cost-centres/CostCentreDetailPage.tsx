import { RecordDetailPage } from '../records/RecordPages';
import { costCentreEntity } from './cost-centre-entity';

export const CostCentreDetailPage = () => <RecordDetailPage config={costCentreEntity} watch="cost_centre" />;
