import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { Button } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import type { ModelPermissions } from '../permissions';
import { ConfirmDeleteDialog } from '../../../shared/ui/LazyConfirmDialog';

export interface RecordActionsProps {
  permissions: ModelPermissions;
  /** "client Acme" */
  what: string;
  /** The edit form, rendered while open. */
  editForm: (close: () => void) => ReactNode;
  onDelete: () => Promise<unknown>;
  /** Where the page goes after a delete. */
  listPath: string;
}

/** Edit and Delete of a record page, shown only with change and delete permission. */
export function RecordActions({ permissions, what, editForm, onDelete, listPath }: RecordActionsProps) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      {permissions.change && (
        <Button variant="contained" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
          Edit
        </Button>
      )}
      {permissions.delete && (
        <Button color="error" variant="outlined" startIcon={<DeleteOutlinedIcon />} onClick={() => setDeleting(true)}>
          Delete
        </Button>
      )}
      {editing && editForm(() => setEditing(false))}
      {deleting && (
        <ConfirmDeleteDialog
          what={what}
          onConfirm={onDelete}
          onDeleted={() => {
            enqueueSnackbar(`Deleted ${what}.`, { variant: 'success' });
            navigate(listPath, { replace: true });
          }}
          onClose={() => setDeleting(false)}
        />
      )}
    </>
  );
}
