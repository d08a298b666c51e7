import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../shared/ui/snackbar';
import type { Category } from '@ops/contract/knowledge/knowledge.schemas';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { ApiError } from '../../api/http-client';
import { flattenApiErrors } from '../../shared/api-errors';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { useCan } from '../../shared/session/session';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { categoriesQuery, useDeleteCategory, useSaveCategory } from './knowledge.queries';

/** The knowledge base's categories (name and position), for holders of the articlecategory permissions. */
export function CategoriesDialog({ onClose }: { onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const can = useCan();
  const categories = useQuery(categoriesQuery());
  const list = categories.data?.results ?? [];
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby="categories-title">
      <DialogTitle id="categories-title">Categories</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Categories are listed by position, then by name. Deleting one leaves its articles without a category.
        </Typography>
        {categories.isError && <Alert severity="error">{apiErrorMessageOf(categories.error)}</Alert>}
        <Stack spacing={1.5}>
          {list.map((category) => (
            <CategoryRow
              key={`${category.id}:${category.name}:${category.position}`}
              category={category}
              canChange={can('articlecategory', 'change')}
              canDelete={can('articlecategory', 'delete')}
            />
          ))}
          {list.length === 0 && !categories.isPending && <Typography variant="body2">No categories yet.</Typography>}
          {can('articlecategory', 'add') && (
            <CategoryRow
              key={`new:${list.length}`}
              canChange
              canDelete={false}
              nextPosition={Math.max(0, ...list.map((c) => c.position)) + 10}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function CategoryRow({
  category,
  canChange,
  canDelete,
  nextPosition = 0,
}: {
  category?: Category;
  canChange: boolean;
  canDelete: boolean;
  nextPosition?: number;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const [name, setName] = useState(category?.name ?? '');
  const [position, setPosition] = useState(String(category?.position ?? nextPosition));
  const [errors, setErrors] = useState<{ name?: string; position?: string; other?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const changed = !category || name !== category.name || position !== String(category.position);
  const busy = save.isPending || remove.isPending;
  const label = category ? category.name : 'New category';

  const submit = async () => {
    const number = Number(position);
    if (!name.trim()) return setErrors({ name: 'This field may not be blank.' });
    if (!Number.isInteger(number) || number < 0) return setErrors({ position: 'Enter a whole number, 0 or more.' });
    setErrors({});
    try {
      await save.mutateAsync({ id: category?.id, name: name.trim(), position: number });
      enqueueSnackbar(category ? 'Category saved' : 'Category added', { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const found: { name?: string; position?: string; other?: string } = {};
        for (const [path, message] of flattenApiErrors(error.body)) {
          if (path === 'name' || path === 'position') found[path] ??= message;
          else found.other ??= message;
        }
        setErrors(found);
      } else setErrors({ other: apiErrorMessageOf(error) });
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      aria-label={label}
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy && changed) void submit();
      }}
    >
      <TextField
        size="small"
        label={category ? 'Name' : 'New category'}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(errors.name || errors.other)}
        helperText={errors.name ?? errors.other}
        disabled={!canChange || busy}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        sx={{ flex: 1 }}
      />
      <TextField
        size="small"
        label="Position"
        type="number"
        value={position}
        onChange={(event) => setPosition(event.target.value)}
        error={Boolean(errors.position)}
        helperText={errors.position}
        disabled={!canChange || busy}
        sx={{ width: 110 }}
      />
      {canChange && (
        <Tooltip title={category ? `Save ${category.name}` : 'Add the category'}>
          <span>
            <IconButton
              type="submit"
              aria-label={category ? `Save ${category.name}` : 'Add the category'}
              disabled={busy || !changed}
            >
              <SaveOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {category && canDelete && (
        <Tooltip title={`Delete ${category.name}`}>
          <IconButton
            aria-label={`Delete ${category.name}`}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            <DeleteOutlineIcon />
          </IconButton>
        </Tooltip>
      )}
      {category && confirming && (
        <ConfirmDialog
          title={`Delete the category ${category.name}?`}
          message="Its articles are kept, with no category: they stay published (or draft) as they are and are listed under no category until you give them another."
          confirmLabel="Delete category"
          busyLabel="Deleting…"
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            await remove.mutateAsync(category.id);
            setConfirming(false);
            enqueueSnackbar('Category deleted', { variant: 'success' });
          }}
        />
      )}
    </Stack>
  );
}
