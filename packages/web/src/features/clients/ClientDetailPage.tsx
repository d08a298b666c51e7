import { RecordDetailPage } from '../records/RecordPages';
import { clientEntity } from './client-entity';

export const ClientDetailPage = () => <RecordDetailPage config={clientEntity} watch="client" />;
