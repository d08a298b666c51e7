import { clientSchema, costCentreSchema } from '@ops/contract/records/records.schemas';
import { defineColumns, type ListColumn } from '../../../shared/ui/list-page/list-columns';

/**
 * Fields the map's filter bar offers (the marker endpoints filter like the
 * record lists). Filters set in the list view on other fields still apply;
 * the page says how many it does not show.
 */
export const CLIENT_MAP_COLUMNS = defineColumns(clientSchema, ['name', 'account_number', 'abn', 'account_type', 'relation_status', 'account_source', 'number_of_employees']) as ListColumn<never>[];

export const COST_CENTRE_MAP_COLUMNS = defineColumns(costCentreSchema, ['name', 'code', 'email', 'operation_status']) as ListColumn<never>[];
