import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSnackbar } from '../../shared/ui/snackbar';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { BULK_RESOURCES, IMPORT_RESOURCES, type BulkResource, type ImportResource } from '@ops/contract/jobs/jobs.values';
import { ListPage } from '../../shared/ui/list-page/ListPage';
import { useCurrentUser } from '../../shared/session/session';
import { onDialogEntry } from '../../shared/ui/dialog-entry';
import { BULK_NOUNS, bulkFieldsOf } from './bulk-change';
import { BulkChangeButton, ImportButton, RecordFormDialog } from './components/DialogButtons';
import { useModelPermissions } from './permissions';
import { formValuesOf } from './record-values';
import { call, recordKeys, recordListSource, useRecordMutation } from './records.queries';
import { capitalise, modelOf, recordPathOf, type RecordEntity } from './record-entity';

// Split from RecordPages.tsx so that record (detail) pages do not load the list's data grid.

type Values = Record<string, unknown>;

/** A record list with its New button and create form; `directory` is the same list in the directory's list view. */
export function RecordListPage<Row extends { id: string }>({ config, directory = false }: { config: RecordEntity<Row>; directory?: boolean }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const permissions = useModelPermissions(modelOf(config.endpoints.create));
  const userId = useCurrentUser().data?.id;
  const [creating, setCreating] = useState(false);
  const create = useRecordMutation((values: Values) => call<Row>(config.endpoints.create, { body: values }));
  const short = config.shortNoun ?? config.noun;
  const newButton = permissions.add && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      New {short}
    </Button>
  );
  const fields = config.fields();
  const bulkResource = (BULK_RESOURCES as readonly string[]).includes(config.entity) ? (config.entity as BulkResource) : null;
  const bulkFields = bulkResource && permissions.change ? bulkFieldsOf(bulkResource, fields) : [];
  const importResource = (IMPORT_RESOURCES as readonly string[]).includes(config.entity) ? (config.entity as ImportResource) : null;
  const importButton = importResource && permissions.add && (
    <ImportButton resource={importResource} nouns={BULK_NOUNS[importResource]} columns={config.columns} fields={fields} canChange={permissions.change} invalidate={recordKeys.all} />
  );
  return (
    <>
      <ListPage<Row>
        pageKey={directory ? `DIRECTORY-${config.pageKey}` : config.pageKey}
        title={config.title}
        subtitle={directory ? 'Directory · List view' : config.section}
        source={recordListSource(config.entity, config.endpoints.list)}
        columns={config.columns}
        rowHref={(row) => recordPathOf(config, row)}
        actions={newButton}
        exportName={config.entity}
        empty={{ ...config.empty, action: newButton }}
        tools={importButton || undefined}
        bulkAction={
          bulkResource && bulkFields.length > 0
            ? (context) => <BulkChangeButton resource={bulkResource} nouns={BULK_NOUNS[bulkResource]} fields={bulkFields} context={context} invalidate={recordKeys.all} />
            : undefined
        }
      />
      {creating && (
        <RecordFormDialog
          title={`New ${config.noun}`}
          fields={fields}
          schema={async () => (await config.formSchemas()).create}
          defaultValues={formValuesOf(fields, null, config.defaults?.({ userId }))}
          nested={config.nested}
          submitLabel={`Create ${short}`}
          onSubmit={(values) => create.mutateAsync(values)}
          onSaved={(created) => {
            enqueueSnackbar(`${capitalise(short)} created.`, { variant: 'success' });
            navigate(recordPathOf(config, created as Row), { replace: onDialogEntry() });
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}
