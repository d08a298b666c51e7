import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { IconButton } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import type { z } from 'zod';
import type { EndpointRoute } from '../../../api/http-client';
import { ConfirmDeleteDialog } from '../../../shared/ui/LazyConfirmDialog';
import type { ModelPermissions } from '../permissions';
import { call, useRecordMutation } from '../records.queries';
import type { FieldSpec } from './RecordFormDialog';
import { RecordFormDialog } from './DialogButtons';

type Values = Record<string, unknown>;

/** Which row of a record's tab is being added or edited, and which is being deleted. */
export function useRowEditor<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return { editing, deleting, add: () => setEditing('new'), edit: setEditing, remove: setDeleting, close: () => (setEditing(null), setDeleting(null)) };
}

export type RowEditor<T> = ReturnType<typeof useRowEditor<T>>;

export interface RowDialogsProps<T extends { id: string }> {
  editor: RowEditor<T>;
  /** Lower-case noun of a row: `sub-industry`, `contact relation`. */
  noun: string;
  fields: FieldSpec[];
  schema: z.ZodType | (() => Promise<z.ZodType>);
  /** The form's starting values: of a row, or of a new one (`null`). */
  valuesOf: (row: T | null) => Values;
  /** Where rows are written; `params` names the owner in the path (`{ industry_id }`). */
  endpoints: { create: EndpointRoute; patch: EndpointRoute; delete: EndpointRoute; get?: EndpointRoute };
  params?: Record<string, string>;
  /** Values every write carries besides the form's (the owner of a relation). */
  fixed?: Values;
  /** The row as the delete question names it: `sub-industry Night Catering`. */
  what: (row: T) => string;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The add/edit form and the delete question of the rows in a record's tab (sub-industries, relations, addresses). */
export function RowDialogs<T extends { id: string }>({ editor, noun, fields, schema, valuesOf, endpoints, params = {}, fixed = {}, what }: RowDialogsProps<T>) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useRecordMutation((input: { id?: string; values: Values; ifMatch?: string }) =>
    input.id
      ? call(endpoints.patch, { params: { ...params, id: input.id }, body: input.values, ifMatch: input.ifMatch })
      : call(endpoints.create, { params, body: input.values }),
  );
  const remove = useRecordMutation((id: string) => call(endpoints.delete, { params: { ...params, id } }));
  const { editing, deleting } = editor;
  // A row is edited as its detail answers it now, with the entity tag its save sends back (a list's row
  // carries none); without a detail endpoint, or if it cannot be read, as the list showed it.
  const editingRow = editing && editing !== 'new' ? editing : null;
  const detail = useQuery({
    queryKey: ['row-detail', endpoints.get?.path, params, editingRow?.id],
    queryFn: ({ signal }) => call<T>(endpoints.get!, { params: { ...params, id: editingRow!.id }, signal }),
    enabled: Boolean(endpoints.get && editingRow),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const row = editingRow && endpoints.get && !detail.isError ? (detail.data ?? null) : editingRow;
  const ready = editing === 'new' || row !== null;
  return (
    <>
      {editing && ready && (
        <RecordFormDialog
          title={editing === 'new' ? `Add ${noun}` : `Edit ${noun}`}
          fields={fields}
          schema={schema}
          defaultValues={valuesOf(editing === 'new' ? null : row)}
          onSubmit={(values, ifMatch) => save.mutateAsync({ id: editing === 'new' ? undefined : editing.id, values: { ...values, ...fixed }, ifMatch })}
          conflicts={editing === 'new' ? undefined : { record: row, valuesOf: (current) => valuesOf(current as T) }}
          onSaved={() => {
            enqueueSnackbar(`${capitalise(noun)} ${editing === 'new' ? 'added' : 'saved'}.`, { variant: 'success' });
            editor.close();
          }}
          onClose={editor.close}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          what={what(deleting)}
          onConfirm={() => remove.mutateAsync(deleting.id)}
          onDeleted={() => {
            enqueueSnackbar(`${capitalise(noun)} deleted.`, { variant: 'success' });
            editor.close();
          }}
          onClose={editor.close}
        />
      )}
    </>
  );
}

/** Edit and delete icon buttons of a table row, by permission. */
export function RowActions({ permissions, name, onEdit, onDelete }: { permissions: ModelPermissions; name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      {permissions.change && (
        <IconButton size="small" aria-label={`Edit ${name}`} onClick={onEdit}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      )}
      {permissions.delete && (
        <IconButton size="small" aria-label={`Delete ${name}`} onClick={onDelete}>
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      )}
    </>
  );
}
