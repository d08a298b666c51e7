import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../shared/ui/snackbar';
import type { Article } from '@ops/contract/knowledge/knowledge.schemas';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  FormControlLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { ApiError, apiBlobUrl } from '../../api/http-client';
import type { EditorImages } from '../../shell/help-drawer/image-node';
import { tagOf } from '../../api/entity-tags';
import { LazyRichTextEditor } from '../../shell/help-drawer/LazyRichTextEditor';
import { RelationPicker } from '../../shared/ui/list-page/RelationPicker';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { clientSource, costCentreSource, legalEntitySource } from '../records/relation-sources';
import { editingLine, usePresence } from '../records/use-presence';
import { articleImagePath, categoriesQuery, uploadArticleImage, useCreateArticle, useUpdateArticle, type ArticleDraft } from './knowledge.queries';
import {
  checkDraft,
  describeValue,
  draftConflicts,
  draftOf,
  placeErrors,
  sameDraft,
  settleDraft,
  USER_TYPE_OPTIONS,
  type DraftConflict,
  type DraftField,
} from './article-draft';

export interface ArticleEditorProps {
  /** The article as loaded (its entity tag rides with it); none for a new article. */
  article?: Article;
  onSaved: (article: Article) => void;
  onCancel: () => void;
}

/**
 * Images for an article's text: uploaded as its attachments, shown from object URLs fetched once
 * each and released when the editor goes. A refused upload says why (the server's message for the
 * file: its type or size).
 */
function useArticleImages(articleId: string | undefined): EditorImages | false {
  const urls = useRef(new Map<string, Promise<string>>());
  useEffect(() => {
    const cache = urls.current;
    return () => {
      for (const url of cache.values()) void url.then((value) => URL.revokeObjectURL(value), () => undefined);
      cache.clear();
    };
  }, []);
  return useMemo(() => {
    if (!articleId) return false;
    return {
      upload: async (file: File) => {
        try {
          return await uploadArticleImage(articleId, file);
        } catch (error) {
          const field = error instanceof ApiError ? (error.body as { attachment?: unknown } | null)?.attachment : undefined;
          throw new Error(Array.isArray(field) && typeof field[0] === 'string' ? field[0] : apiErrorMessageOf(error));
        }
      },
      url: (attachment: string) => {
        let url = urls.current.get(attachment);
        if (!url) {
          url = apiBlobUrl(articleImagePath(articleId, attachment));
          urls.current.set(attachment, url);
        }
        return url;
      },
    };
  }, [articleId]);
}

const STATUS_OPTIONS = [
  { value: 'DRAFT', label: 'Draft (only editors see it)' },
  { value: 'PUBLISHED', label: 'Published' },
  { value: 'ARCHIVED', label: 'Archived' },
] as const;

/**
 * The article editor for holders of article.change (spec platform §14.2): title, text (the help
 * desk's rich-text editor), category, status, audience, review date and acknowledgement. An edit is
 * saved against the article as it was loaded (If-Match, platform §14.6); when someone else saved it
 * since, each differing field is shown with the choice of keeping one's own value or taking theirs.
 */
export function ArticleEditor({ article, onSaved, onCancel }: ArticleEditorProps) {
  const { enqueueSnackbar } = useSnackbar();
  const categories = useQuery(categoriesQuery());
  const images = useArticleImages(article?.id);
  const create = useCreateArticle();
  const update = useUpdateArticle();
  const [draft, setDraft] = useState<ArticleDraft>(() => draftOf(article));
  // The version the draft is settled against: the loaded article's, then the one a conflict showed.
  const base = useRef({ tag: tagOf(article), draft: draftOf(article) });
  const [editorKey, setEditorKey] = useState(0);
  // TipTap reports an update when it is made editable, before anyone types: its JSON of a document
  // written elsewhere (the API, an import) may differ from the stored one in defaults only, which
  // would save as a new version. The text counts as changed once the user has acted in the editor.
  const bodyTouched = useRef(false);
  const touchBody = () => {
    bodyTouched.current = true;
  };
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{
    theirs: ArticleDraft;
    tag: string | undefined;
    fields: DraftConflict[];
    keepMine: Partial<Record<DraftField, boolean>>;
  } | null>(null);
  const saving = create.isPending || update.isPending;
  // While an article's editor is open it says so, and names the others editing it (platform.md 14.6).
  const editors = usePresence(article ? { model: 'article', id: article.id } : undefined);
  const editing = editingLine((editors.data ?? []).map((entry) => entry.user.name));
  const local = attempted ? checkDraft(draft) : {};
  const errorOf = (name: DraftField) => local[name] ?? serverErrors[name];
  const categoryName = useMemo(() => {
    const names = new Map((categories.data?.results ?? []).map((category) => [category.id, category.name]));
    return (id: string) => names.get(id) ?? 'A removed category';
  }, [categories.data]);

  const change = <K extends DraftField>(name: K, value: ArticleDraft[K]) => {
    setDraft((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => ({ ...current, [name]: undefined }));
  };

  const save = async (values: ArticleDraft, tag: string | undefined) => {
    setAttempted(true);
    setFormError(null);
    if (Object.keys(checkDraft(values)).length) return;
    const cleaned = { ...values, title: values.title.trim() };
    try {
      const saved = article
        ? await update.mutateAsync({ id: article.id, draft: cleaned, ifMatch: tag })
        : await create.mutateAsync(cleaned);
      enqueueSnackbar(article ? 'Article saved' : 'Article created', { variant: 'success' });
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 412 && article) {
        const current = (error.body as { current?: Article } | null)?.current;
        if (current) {
          const theirs = draftOf(current);
          setConflict({ theirs, tag: tagOf(current), fields: draftConflicts(base.current.draft, theirs, values), keepMine: {} });
          return;
        }
      }
      if (error instanceof ApiError && error.status === 400) {
        const placed = placeErrors(error.body);
        setServerErrors(placed.fields);
        setFormError(placed.other[0] ?? (Object.keys(placed.fields).length ? 'Some fields need attention.' : error.message));
        return;
      }
      setFormError(apiErrorMessageOf(error));
    }
  };

  const settle = () => {
    if (!conflict) return;
    const settled = settleDraft(conflict.theirs, conflict.fields, conflict.keepMine);
    base.current = { tag: conflict.tag, draft: conflict.theirs };
    setDraft(settled);
    // The text editor starts again from the settled text.
    setEditorKey((key) => key + 1);
    setConflict(null);
    return settled;
  };

  const unchanged = article !== undefined && sameDraft(draft, base.current.draft);

  if (conflict)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          <Alert severity="warning">
            Someone else saved this article while you were editing it. Choose, field by field, what to keep, then save again.
          </Alert>
          {conflict.fields.length === 0 ? (
            <Typography variant="body2">Their changes and yours do not overlap: saving keeps both.</Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Changes to resolve">
                <TableHead>
                  <TableRow>
                    <TableCell component="th">Field</TableCell>
                    <TableCell component="th">Their version</TableCell>
                    <TableCell component="th">Your version</TableCell>
                    <TableCell component="th">Keep</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {conflict.fields.map((field) => (
                    <TableRow key={field.name}>
                      <TableCell component="th" scope="row">
                        {field.label}
                      </TableCell>
                      <TableCell>{describeValue(field.name, field.theirs, categoryName)}</TableCell>
                      <TableCell>{describeValue(field.name, field.mine, categoryName)}</TableCell>
                      <TableCell>
                        <RadioGroup
                          row
                          aria-label={`Keep for ${field.label}`}
                          value={(conflict.keepMine[field.name] ?? field.changedByMe) ? 'mine' : 'theirs'}
                          onChange={(event) =>
                            setConflict({
                              ...conflict,
                              keepMine: { ...conflict.keepMine, [field.name]: event.target.value === 'mine' },
                            })
                          }
                        >
                          <FormControlLabel value="theirs" control={<Radio size="small" />} label="Theirs" />
                          <FormControlLabel value="mine" control={<Radio size="small" />} label="Mine" />
                        </RadioGroup>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => settle()}>Back to the editor</Button>
            <Button
              variant="contained"
              disabled={saving}
              onClick={() => {
                const settled = settle();
                if (settled) void save(settled, base.current.tag);
              }}
            >
              Save with these choices
            </Button>
          </Stack>
        </Stack>
      </Paper>
    );

  return (
    <Paper
      component="form"
      noValidate
      aria-label={article ? 'Edit article' : 'New article'}
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 } }}
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void save(draft, base.current.tag);
      }}
    >
      <Stack spacing={2.5}>
        {editing && (
          <Alert severity="info" role="status">
            {editing}. Your save will not overwrite theirs: if they save first, you choose what to keep.
          </Alert>
        )}
        {formError && <Alert severity="error">{formError}</Alert>}
        <TextField
          label="Title"
          required
          value={draft.title}
          onChange={(event) => change('title', event.target.value)}
          error={Boolean(errorOf('title'))}
          helperText={errorOf('title')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          disabled={saving}
          fullWidth
        />
        <Box
          onKeyDownCapture={touchBody}
          onPasteCapture={touchBody}
          onDropCapture={touchBody}
          onCutCapture={touchBody}
          onMouseDownCapture={touchBody}
        >
          <LazyRichTextEditor
            key={editorKey}
            label="Text"
            initialContent={draft.body as never}
            onChange={(doc) => {
              if (bodyTouched.current) change('body', doc as unknown as ArticleDraft['body']);
            }}
            error={errorOf('body')}
            disabled={saving}
            minHeight={220}
            images={images}
            imagesUnavailable="Create the article first: its images are kept with it"
          />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            select
            label="Category"
            size="small"
            value={draft.category ?? ''}
            onChange={(event) => change('category', event.target.value || null)}
            error={Boolean(errorOf('category'))}
            helperText={errorOf('category')}
            disabled={saving}
          >
            <MenuItem value="">
              <em>No category</em>
            </MenuItem>
            {(categories.data?.results ?? []).map((category) => (
              <MenuItem key={category.id} value={category.id}>
                {category.name}
              </MenuItem>
            ))}
            {draft.category && !categories.data?.results.some((category) => category.id === draft.category) && (
              <MenuItem value={draft.category}>{categoryName(draft.category)}</MenuItem>
            )}
          </TextField>
          <TextField
            select
            label="Status"
            size="small"
            value={draft.status}
            onChange={(event) => change('status', event.target.value as ArticleDraft['status'])}
            error={Boolean(errorOf('status'))}
            helperText={errorOf('status')}
            disabled={saving}
          >
            {STATUS_OPTIONS.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label="Review by"
            size="small"
            value={draft.review_by ?? ''}
            onChange={(event) => change('review_by', event.target.value || null)}
            error={Boolean(errorOf('review_by'))}
            helperText={errorOf('review_by') ?? 'Its last editor is notified when this date passes.'}
            slotProps={{ inputLabel: { shrink: true } }}
            disabled={saving}
          />
          <FormControlLabel
            control={
              <Switch
                checked={draft.acknowledgement_required}
                onChange={(event) => change('acknowledgement_required', event.target.checked)}
                disabled={saving}
              />
            }
            label="Readers must acknowledge it"
          />
        </Box>
        <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}>
          <Typography component="legend" variant="body2" sx={{ px: 0.5, fontWeight: 500 }}>
            Audience
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            An empty list sets no limit. Readers must match every list that is not empty; places are matched through their
            allocations.
          </Typography>
          {errorOf('audience') && (
            <Alert severity="error" sx={{ mb: 1.5 }}>
              {errorOf('audience')}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Autocomplete
              multiple
              size="small"
              options={USER_TYPE_OPTIONS}
              value={USER_TYPE_OPTIONS.filter((option) => draft.audience.user_types.includes(option.value))}
              isOptionEqualToValue={(a, b) => a.value === b.value}
              getOptionLabel={(option) => option.label}
              onChange={(_, next) =>
                change('audience', { ...draft.audience, user_types: next.map((option) => option.value).sort() })
              }
              disabled={saving}
              renderInput={(params) => <TextField {...params} label="User types" />}
            />
            <RelationPicker
              source={legalEntitySource}
              label="Legal entities"
              multiple
              value={draft.audience.legal_entities}
              onChange={(value) => change('audience', { ...draft.audience, legal_entities: (value as string[] | null) ?? [] })}
              disabled={saving}
            />
            <RelationPicker
              source={clientSource}
              label="Clients"
              multiple
              value={draft.audience.clients}
              onChange={(value) => change('audience', { ...draft.audience, clients: (value as string[] | null) ?? [] })}
              disabled={saving}
            />
            <RelationPicker
              source={costCentreSource}
              label="Cost centres"
              multiple
              value={draft.audience.cost_centres}
              onChange={(value) => change('audience', { ...draft.audience, cost_centres: (value as string[] | null) ?? [] })}
              disabled={saving}
            />
          </Box>
        </Box>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving || unchanged}>
            {article ? 'Save' : 'Create article'}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
