import { lazy, Suspense } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../shared/ui/snackbar';
import type { WatchModel } from '@ops/contract/notifications/notifications.values';
import { Link } from '@mui/material';
import { useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import { WITHHELD_LABEL } from '../../shared/humanise';
import { LazyContactRelationsTab, LazyHistoryTab, LazyOwnedRecordsTab } from './components/lazy-tabs';
import { RecordActions } from './components/RecordActions';
import { FieldList, RecordDetailFrame, type DetailTab } from './components/RecordDetailFrame';
import { useModelPermissions } from './permissions';
import { call, recordKeys, useRecordMutation } from './records.queries';
import { formValuesOf } from './record-values';
import { presenceSubjectOf } from './use-presence';
import { RecordFormDialog } from './components/DialogButtons';
import { capitalise, modelOf, recordPathOf, type Audited, type DetailContext, type RecordEntity, type StandardTabs } from './record-entity';

type Values = Record<string, unknown>;

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

// Only the pages of what can be watched (clients, cost centres) load the Watch button.
const WatchButton = lazy(async () => ({ default: (await import('../notifications/WatchButton')).WatchButton }));

// RecordListPage is in RecordListPage.tsx: record pages do not load the list's data grid.

/** A record page: title, Watch (for what can be watched), Edit and Delete, the details and the record's tabs. */
export function RecordDetailPage<Row extends { id: string } & Audited>({ config, watch }: { config: RecordEntity<Row>; watch?: WatchModel }) {
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
  const save = useRecordMutation(({ values, ifMatch }: { values: Values; ifMatch?: string }) => call<Row>(config.endpoints.patch, { params: { id }, body: values, ifMatch }));
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
      history: config.history && { id: 'history', label: 'History', content: <LazyHistoryTab entity={config.entity} id={id} endpoint={config.history} fields={config.fields(id)} /> },
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
          <>
            {watch && (
              <Suspense fallback={null}>
                <WatchButton model={watch} id={data.id} />
              </Suspense>
            )}
          <RecordActions
            permissions={permissions}
            what={`${short} ${title}`}
            listPath={config.path}
            onDelete={() => remove.mutateAsync()}
            editForm={(close) => (
              <RecordFormDialog
                title={`Edit ${short}`}
                fields={config.fields(id)}
                schema={async () => (await config.formSchemas()).patch}
                defaultValues={formValuesOf(config.fields(id), data)}
                onSubmit={(values, ifMatch) => save.mutateAsync({ values, ifMatch })}
                conflicts={{ record: data, valuesOf: (current) => formValuesOf(config.fields(id), current as object) }}
                presence={presenceSubjectOf(modelOf(config.endpoints.get), id)}
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
          </>
        )
      }
      tabs={data ? tabsOf(data) : []}
    />
  );
}
