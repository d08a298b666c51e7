import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Link } from '@mui/material';
import type { z } from 'zod';
import type { EndpointDefinition } from '@ops/contract/common/endpoint';
import type { ListColumn } from '../../shared/ui/list-page/list-columns';
import { useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import { WITHHELD_LABEL } from '../../shared/humanise';
import type { RelationOwner } from './components/ContactRelationsTab';
import type { OwnedEndpoints } from './components/OwnedRecordsTab';
import { LazyContactRelationsTab, LazyHistoryTab, LazyOwnedRecordsTab } from './components/lazy-tabs';
import { RecordActions } from './components/RecordActions';
import { FieldList, RecordDetailFrame, type DetailTab, type FieldListItem } from './components/RecordDetailFrame';
import type { FieldSpec } from './components/RecordFormDialog';
import { useModelPermissions, type ModelPermissions } from './permissions';
import { call, recordKeys, useRecordMutation } from './records.queries';
import { formValuesOf } from './record-values';
import { RecordFormDialog } from './components/DialogButtons';

type Values = Record<string, unknown>;

/** The contract's CRUD endpoints of an entity; the form schemas and the permission model are read from them. */
export interface CrudEndpoints {
  list: EndpointDefinition;
  get: EndpointDefinition;
  create: EndpointDefinition & { body?: z.ZodType };
  patch: EndpointDefinition & { body?: z.ZodType };
  delete: EndpointDefinition;
}

interface Audited {
  created_at: string;
  updated_at: string;
  created_by?: { full_name: string } | null;
  updated_by?: { full_name: string } | null;
}

/** What a record page may build its tabs from: the standard tabs, ready made. */
export interface StandardTabs {
  details: DetailTab;
  addresses?: DetailTab;
  contacts?: DetailTab;
  relations?: DetailTab;
  history?: DetailTab;
}

export interface DetailContext {
  formatDate: (value: string) => string;
  /** A link to another record page, or nothing. */
  /** A related record's name linking to its page; withheld (name null, outside the allocation) as plain text. */
  link: (value: { id: string; name: string | null } | null | undefined, path: string) => ReactNode;
  /** "Created" and "Updated" with who, when the record says. */
  audit: (record: Audited) => FieldListItem[];
}

/**
 * One kind of business record: everything its list page, record page and
 * forms differ in. The rest (permissions, create/edit/delete, snackbars,
 * navigation, history) is the same for every record and lives here once.
 */
export interface RecordEntity<Row extends { id: string }> {
  endpoints: CrudEndpoints;
  /** Query-key and default export name: `brands`. */
  entity: string;
  /** Lower-case singular noun: `brand`, `legal entity`. */
  noun: string;
  /** The noun on buttons, snackbars and the edit form when shorter (`role`). */
  shortNoun?: string;
  /** The list page's title (`Brands`) and its section (`Operations`). */
  title: string;
  section: string;
  /** The list's path: `/brands`. */
  path: string;
  pageKey: string;
  /** A record's page; `${path}/${id}` unless given. */
  recordPath?: (row: Row) => string;
  /** The route parameter holding the record key; `id` unless given. */
  routeParam?: string;
  /** Loads a record by its route key when that is not simply its id (legal entities by abbreviation). */
  load?: (key: string, signal: AbortSignal) => Promise<Row>;
  columns: ListColumn<Row>[];
  /** Form fields; `selfId` is the record being edited (a record cannot be its own parent). */
  fields: (selfId?: string) => FieldSpec[];
  /** Starting values of the create form beyond blanks. */
  defaults?: (context: { userId?: string }) => Values;
  /** Create forms of clients and legal entities take a first address and contacts. */
  nested?: { address?: boolean; contacts?: boolean };
  empty: { title: string; description: string };
  titleOf?: (row: Row) => string;
  subtitleOf?: (row: Row) => ReactNode;
  details: (row: Row, context: DetailContext) => FieldListItem[];
  history?: EndpointDefinition;
  /** Addresses and contacts tabs: the owner's path parameter and endpoints. */
  owned?: { param: string; addresses: OwnedEndpoints; contacts: OwnedEndpoints };
  relations?: RelationOwner;
  /** The record page's tabs in order; details, addresses, contacts, relations, history unless given. */
  tabs?: (row: Row, standard: StandardTabs, context: { id: string; permissions: ModelPermissions }) => (DetailTab | undefined)[];
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
export const modelOf = (endpoint: EndpointDefinition) => (endpoint.access.kind === 'permission' ? endpoint.access.model : '');
export const schemaOf = (endpoint: { body?: z.ZodType }) => {
  if (!endpoint.body) throw new Error('A record form needs an endpoint with a body schema.');
  return endpoint.body;
};
export const recordPathOf = <Row extends { id: string }>(config: RecordEntity<Row>, row: Row) => config.recordPath?.(row) ?? `${config.path}/${row.id}`;

function useDetailContext(): DetailContext {
  const formatDate = useDateTimeFormatter();
  return {
    formatDate,
    link: (value, path) =>
      !value ? null : value.name === null ? (
        WITHHELD_LABEL
      ) : (
        <Link component={RouterLink} to={`${path}/${value.id}`}>
          {value.name}
        </Link>
      ),
    audit: (record) => [
      { label: 'Created', value: `${formatDate(record.created_at)}${record.created_by ? ` by ${record.created_by.full_name}` : ''}` },
      { label: 'Updated', value: `${formatDate(record.updated_at)}${record.updated_by ? ` by ${record.updated_by.full_name}` : ''}` },
    ],
  };
}

// RecordListPage is in RecordListPage.tsx: record pages do not load the list's data grid.

/** A record page: title, Edit and Delete, the details and the record's tabs. */
export function RecordDetailPage<Row extends { id: string } & Audited>({ config }: { config: RecordEntity<Row> }) {
  const key = useParams()[config.routeParam ?? 'id'] ?? '';
  const navigate = useNavigate();
  const location = useLocation();
  const permissions = useModelPermissions(modelOf(config.endpoints.get));
  const context = useDetailContext();
  const { enqueueSnackbar } = useSnackbar();
  const record = useQuery({
    queryKey: recordKeys.detail(config.entity, key),
    queryFn: ({ signal }) => (config.load ? config.load(key, signal) : call<Row>(config.endpoints.get, { params: { id: key }, signal })),
  });
  const data = record.data;
  const id = data?.id ?? key;
  const save = useRecordMutation((values: Values) => call<Row>(config.endpoints.patch, { params: { id }, body: values }));
  const remove = useRecordMutation(() => call(config.endpoints.delete, { params: { id } }));
  const short = config.shortNoun ?? config.noun;
  const title = data ? (config.titleOf?.(data) ?? String((data as unknown as { name?: string }).name ?? '')) : '';

  const tabsOf = (row: Row): DetailTab[] => {
    const standard: StandardTabs = {
      details: { id: 'details', label: 'Details', content: <FieldList items={config.details(row, context)} /> },
      addresses: config.owned && {
        id: 'addresses',
        label: 'Addresses',
        content: <LazyOwnedRecordsTab kind="address" entity={config.entity} ownerId={id} param={config.owned.param} endpoints={config.owned.addresses} permissions={permissions} />,
      },
      contacts: config.owned && {
        id: 'contacts',
        label: 'Contacts',
        content: <LazyOwnedRecordsTab kind="contact" entity={config.entity} ownerId={id} param={config.owned.param} endpoints={config.owned.contacts} permissions={permissions} />,
      },
      relations: config.relations && { id: 'relations', label: 'Contact relations', content: <LazyContactRelationsTab owner={config.relations} id={id} entity={config.entity} /> },
      history: config.history && { id: 'history', label: 'History', content: <LazyHistoryTab entity={config.entity} id={id} endpoint={config.history} /> },
    };
    const tabs = config.tabs ? config.tabs(row, standard, { id, permissions }) : [standard.details, standard.addresses, standard.contacts, standard.relations, standard.history];
    return tabs.filter((tab): tab is DetailTab => tab !== undefined);
  };

  return (
    <RecordDetailFrame
      status={record}
      title={title}
      subtitle={data && (config.subtitleOf ? config.subtitleOf(data) : capitalise(config.noun))}
      listPath={config.path}
      listTitle={config.title}
      actions={
        data && (
          <RecordActions
            permissions={permissions}
            what={`${short} ${title}`}
            listPath={config.path}
            onDelete={() => remove.mutateAsync()}
            editForm={(close) => (
              <RecordFormDialog
                title={`Edit ${short}`}
                fields={config.fields(id)}
                schema={schemaOf(config.endpoints.patch)}
                defaultValues={formValuesOf(config.fields(id), data)}
                onSubmit={(values) => save.mutateAsync(values)}
                onSaved={(saved) => {
                  enqueueSnackbar(`${capitalise(short)} saved.`, { variant: 'success' });
                  close();
                  // A changed key (a legal entity's abbreviation) changes the page's address.
                  const path = recordPathOf(config, saved as Row);
                  if (config.load && path !== location.pathname) navigate(path, { replace: true });
                }}
                onClose={close}
              />
            )}
          />
        )
      }
      tabs={data ? tabsOf(data) : []}
    />
  );
}
