import { lazy, Suspense, useState } from 'react';
import { useSnackbar } from '../snackbar';
import {
  Divider,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Tooltip,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import AddIcon from '@mui/icons-material/Add';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import LinkIcon from '@mui/icons-material/Link';
import CloseIcon from '@mui/icons-material/Close';
import type { View } from '@ops/contract/views/views.schemas';
import { apiErrorMessageOf } from '../../api-error-message';
import { ConfirmDialog } from '../LazyConfirmDialog';
import { useViewActions, type ViewPatch } from './views.queries';

// The name dialog loads when a view is saved or renamed, not with the list.
const ViewNameDialog = lazy(async () => ({ default: (await import('./ViewNameDialog')).ViewNameDialog }));

/** A view's settings as the views API takes them. */
type ViewSettings = NonNullable<ViewPatch['settings']>;

export interface ViewsMenuPanelProps {
  pageKey: string;
  views: View[];
  activeId: string | null;
  /** The list's view as it is now (what "Save" stores). */
  current: ViewSettings;
  /** The list differs from the active view's saved settings. */
  modified: boolean;
  canShare: boolean;
  onApply: (view: View | null) => void;
  /** The Views button while the menu is open, else null. */
  anchor: HTMLElement | null;
  onClose: () => void;
}

type Dialogs = { kind: 'save' } | { kind: 'rename'; view: View } | { kind: 'delete'; view: View } | null;

/**
 * The Views menu's items and dialogs (loaded when the menu first opens): switch between the user's own
 * and the shared views, save the list as a new view, and (for the active view) save changes, rename,
 * share, make it the default, copy its link or delete it.
 */
export function ViewsMenuPanel({ pageKey, views, activeId, current, modified, canShare, onApply, anchor, onClose: close }: ViewsMenuPanelProps) {
  const [dialog, setDialog] = useState<Dialogs>(null);
  const { enqueueSnackbar } = useSnackbar();
  const actions = useViewActions(pageKey);
  const active = views.find((v) => v.id === activeId) ?? null;
  const own = views.filter((v) => v.is_owner);
  const shared = views.filter((v) => !v.is_owner);

  const run = async (work: () => Promise<unknown>, done: string) => {
    close();
    try {
      await work();
      enqueueSnackbar(done, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(apiErrorMessageOf(error), { variant: 'error' });
    }
  };

  const item = (view: View) => (
    <MenuItem
      key={view.id}
      selected={view.id === activeId}
      onClick={() => {
        close();
        onApply(view);
      }}
    >
      <ListItemIcon>{view.id === activeId ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
      <ListItemText
        primary={view.name}
        secondary={view.is_owner ? (view.shared ? 'Shared with everyone' : undefined) : `Shared by ${view.owner.full_name}`}
      />
      {view.is_default && (
        <Tooltip title="Your default view">
          <StarIcon fontSize="small" color="warning" aria-label="Default view" sx={{ ml: 1 }} />
        </Tooltip>
      )}
    </MenuItem>
  );

  return (
    <>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ list: { 'aria-label': 'Views', dense: true }, paper: { sx: { minWidth: 280, maxWidth: 360 } } }}
      >
        {own.length > 0 && <ListSubheader role="presentation">My views</ListSubheader>}
        {own.map(item)}
        {shared.length > 0 && <ListSubheader role="presentation">Shared views</ListSubheader>}
        {shared.map(item)}
        {views.length === 0 && (
          <MenuItem disabled>
            <ListItemText secondary="No saved views yet. Save this list's filters, sorting and columns as a view." />
          </MenuItem>
        )}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setDialog({ kind: 'save' });
          }}
        >
          <ListItemIcon>
            <AddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Save as new view</ListItemText>
        </MenuItem>
        {active?.is_owner && modified && (
          <MenuItem
            onClick={() => void run(() => actions.patch(active.id, { settings: current }), `Saved “${active.name}”.`)}
          >
            <ListItemIcon>
              <SaveOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Save changes to “{active.name}”</ListItemText>
          </MenuItem>
        )}
        {active?.is_owner && (
          <MenuItem
            onClick={() => {
              close();
              setDialog({ kind: 'rename', view: active });
            }}
          >
            <ListItemIcon>
              <EditOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Rename view</ListItemText>
          </MenuItem>
        )}
        {active?.is_owner && canShare && (
          <MenuItem
            onClick={() =>
              void run(
                () => actions.patch(active.id, { shared: !active.shared }),
                active.shared ? `“${active.name}” is no longer shared.` : `“${active.name}” is shared with everyone.`,
              )
            }
          >
            <ListItemIcon>
              <GroupsOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{active.shared ? 'Stop sharing' : 'Share with everyone'}</ListItemText>
          </MenuItem>
        )}
        {active && (
          <MenuItem
            onClick={() =>
              void run(
                () => actions.setDefault(active.id, !active.is_default),
                active.is_default ? `“${active.name}” is no longer your default.` : `“${active.name}” opens by default.`,
              )
            }
          >
            <ListItemIcon>{active.is_default ? <StarBorderIcon fontSize="small" /> : <StarIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{active.is_default ? 'Remove as default' : 'Set as default'}</ListItemText>
          </MenuItem>
        )}
        {active && (
          <MenuItem
            onClick={() =>
              void run(async () => {
                await navigator.clipboard.writeText(window.location.href);
              }, 'Link copied.')
            }
          >
            <ListItemIcon>
              <LinkIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Copy link</ListItemText>
          </MenuItem>
        )}
        {active?.is_owner && (
          <MenuItem
            onClick={() => {
              close();
              setDialog({ kind: 'delete', view: active });
            }}
          >
            <ListItemIcon>
              <DeleteOutlineIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Delete view</ListItemText>
          </MenuItem>
        )}
        {active && (
          <MenuItem
            onClick={() => {
              close();
              onApply(null);
            }}
          >
            <ListItemIcon>
              <CloseIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Close view</ListItemText>
          </MenuItem>
        )}
      </Menu>
      {dialog?.kind === 'save' && (
        <Suspense fallback={null}>
          <ViewNameDialog
            title="Save as new view"
            confirmLabel="Save"
            canShare={canShare}
            onCancel={() => setDialog(null)}
            onSave={async (name, share) => {
              const created = await actions.create({ name, settings: current, shared: share });
              setDialog(null);
              onApply(created);
              enqueueSnackbar(`Saved view “${created.name}”.`, { variant: 'success' });
            }}
          />
        </Suspense>
      )}
      {dialog?.kind === 'rename' && (
        <Suspense fallback={null}>
          <ViewNameDialog
            title="Rename view"
            confirmLabel="Rename"
            initialName={dialog.view.name}
            canShare={false}
            onCancel={() => setDialog(null)}
            onSave={async (name) => {
              await actions.patch(dialog.view.id, { name });
              setDialog(null);
              enqueueSnackbar(`Renamed to “${name}”.`, { variant: 'success' });
            }}
          />
        </Suspense>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete view"
          message={`Delete the view “${dialog.view.name}”?${dialog.view.shared ? ' Everyone it is shared with loses it too.' : ''}`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          onCancel={() => setDialog(null)}
          onConfirm={async () => {
            await actions.remove(dialog.view.id);
            setDialog(null);
            onApply(null);
            enqueueSnackbar('View deleted.', { variant: 'success' });
          }}
        />
      )}
    </>
  );
}
