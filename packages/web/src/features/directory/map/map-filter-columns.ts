import type { ListColumn } from '../../../shared/ui/list-page/list-columns';
import { clientColumns } from '../../clients/ClientListPage';
import { costCentreColumns } from '../../cost-centres/CostCentreListPage';

/** The map filters on the list view's own columns: the marker endpoints filter like the record lists. */
export const CLIENT_MAP_COLUMNS = clientColumns as ListColumn<never>[];
export const COST_CENTRE_MAP_COLUMNS = costCentreColumns as ListColumn<never>[];
