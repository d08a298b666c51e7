import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../shared/ui/snackbar';
import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import AddIcon from '@mui/icons-material/Add';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageFrame } from '../../shared/ui/PageFrame';
import { PageLoading } from '../../shared/ui/PageLoading';
import { RichTextView } from '../../shared/ui/RichTextView';
import { ArticleImage } from './ArticleImage';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { useCan } from '../../shared/session/session';
import {
  articleListQuery,
  articleQuery,
  categoriesQuery,
  pendingAcknowledgementsQuery,
  pendingForArticleQuery,
  useAcknowledgeArticle,
} from './knowledge.queries';

// What only editors use loads when they open it: readers' pages stay small.
const ArticleEditor = lazy(async () => ({ default: (await import('./ArticleEditor')).ArticleEditor }));
const ArticleVersions = lazy(async () => ({ default: (await import('./ArticleVersions')).ArticleVersions }));
const ArticleAcknowledgements = lazy(async () => ({
  default: (await import('./ArticleAcknowledgements')).ArticleAcknowledgements,
}));
const CategoriesDialog = lazy(async () => ({ default: (await import('./CategoriesDialog')).CategoriesDialog }));

/** The knowledge base as a reader sees it (spec platform §14.2): the articles of their audience, searched by title. */
export function KnowledgePage() {
  const can = useCan();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | undefined>(undefined);
  const [managing, setManaging] = useState(false);
  const deferred = useDeferredValue(search.trim());
  const articles = useQuery(articleListQuery({ search: deferred, category, limit: 100 }));
  const categories = useQuery(categoriesQuery());
  const pending = useQuery(pendingAcknowledgementsQuery());
  const waiting = pending.data?.results ?? [];
  const managesCategories = can('articlecategory', 'add') || can('articlecategory', 'change') || can('articlecategory', 'delete');
  return (
    <PageFrame
      title="Knowledge"
      subtitle="Procedures and answers for your sites"
      actions={
        <Stack direction="row" spacing={1}>
          {managesCategories && <Button onClick={() => setManaging(true)}>Categories</Button>}
          {can('article', 'add') && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/knowledge/new">
              New article
            </Button>
          )}
        </Stack>
      }
    >
      {waiting.length > 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Waiting for your acknowledgement:{' '}
          {waiting.map((article, index) => (
            <span key={article.id}>
              {index > 0 && ', '}
              <RouterLink to={`/knowledge/${article.id}`}>{article.title}</RouterLink>
            </span>
          ))}
        </Alert>
      )}
      <TextField
        label="Search articles"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        size="small"
        fullWidth
        sx={{ mb: 2, maxWidth: 480 }}
      />
      {(categories.data?.results.length ?? 0) > 0 && (
        <Stack direction="row" role="group" aria-label="Category" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Chip
            label="All"
            clickable
            color={category ? 'default' : 'primary'}
            variant={category ? 'outlined' : 'filled'}
            aria-pressed={!category}
            onClick={() => setCategory(undefined)}
          />
          {categories.data!.results.map((item) => (
            <Chip
              key={item.id}
              label={item.name}
              clickable
              color={category === item.id ? 'primary' : 'default'}
              variant={category === item.id ? 'filled' : 'outlined'}
              aria-pressed={category === item.id}
              onClick={() => setCategory(category === item.id ? undefined : item.id)}
            />
          ))}
        </Stack>
      )}
      {articles.isPending ? (
        <PageLoading />
      ) : articles.isError ? (
        <Alert severity="error">{apiErrorMessageOf(articles.error)}</Alert>
      ) : articles.data.results.length === 0 ? (
        <EmptyState
          icon={<MenuBookOutlinedIcon />}
          title="No articles"
          description={deferred ? 'No article title holds these words.' : 'There are no articles for you yet.'}
        />
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label="Articles">
            {articles.data.results.map((article) => (
              <li key={article.id}>
                <ListItemButton component={RouterLink} to={`/knowledge/${article.id}`} divider>
                  <ListItemText
                    primary={article.title}
                    secondary={
                      [
                        article.category?.name,
                        article.status === 'PUBLISHED' ? null : article.status.toLowerCase(),
                        ticketsAvoidedText(article.tickets_avoided),
                      ]
                        .filter(Boolean)
                        .join(' · ') || null
                    }
                  />
                </ListItemButton>
              </li>
            ))}
          </List>
        </Paper>
      )}
      {managing && (
        <Suspense fallback={null}>
          <CategoriesDialog onClose={() => setManaging(false)} />
        </Suspense>
      )}
    </PageFrame>
  );
}

/** Editors' count of suggestions opened with no ticket following (null for readers: not shown). */
function ticketsAvoidedText(count: number | null | undefined): string | null {
  if (count === null || count === undefined) return null;
  return `${count} ${count === 1 ? 'ticket' : 'tickets'} avoided`;
}

const EDITOR_TABS = ['article', 'edit', 'versions', 'acknowledgements'] as const;
type EditorTab = (typeof EDITOR_TABS)[number];

/** `/knowledge/new` (editors), or one article: its text, the acknowledgement it asks for, and for editors its editor, versions and acknowledgements. */
export function ArticlePage() {
  const { id = '' } = useParams();
  if (id === 'new') return <NewArticlePage />;
  return <ExistingArticlePage id={id} />;
}

function NewArticlePage() {
  const navigate = useNavigate();
  const can = useCan();
  return (
    <PageFrame title="New article">
      {can('article', 'add') ? (
        <Suspense fallback={<PageLoading />}>
          <ArticleEditor
            onSaved={(article) => navigate(`/knowledge/${article.id}`, { replace: true })}
            onCancel={() => navigate('/knowledge')}
          />
        </Suspense>
      ) : (
        <Alert severity="error">You do not have permission to perform this action.</Alert>
      )}
    </PageFrame>
  );
}

function ExistingArticlePage({ id }: { id: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const can = useCan();
  const editor = can('article', 'change');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as EditorTab | null;
  const tab: EditorTab = editor && requested && EDITOR_TABS.includes(requested) ? requested : 'article';
  const setTab = (next: EditorTab) => setParams(next === 'article' ? {} : { tab: next }, { replace: true });
  const article = useQuery(articleQuery(id));
  const pending = useQuery(pendingForArticleQuery(id));
  const acknowledge = useAcknowledgeArticle();
  if (article.isPending) return <PageLoading />;
  if (article.isError)
    return (
      <PageFrame title="Article">
        <Alert severity="error">{apiErrorMessageOf(article.error)}</Alert>
      </PageFrame>
    );
  const data = article.data;
  const asks = data.acknowledgement_required && data.status === 'PUBLISHED';
  const waiting = (pending.data?.count ?? 0) > 0;
  // Nothing waiting means acknowledged for a reader (they read only their audience's articles); an
  // editor may be outside the audience, so for them only their own acknowledgement here says so.
  const acknowledged = editor ? acknowledge.isSuccess : !waiting;
  return (
    <PageFrame
      title={data.title}
      subtitle={[
        data.category?.name,
        `Version ${data.version}`,
        data.updated_by ? `Last edited by ${data.updated_by.full_name}` : null,
        ticketsAvoidedText(data.tickets_avoided),
      ]
        .filter(Boolean)
        .join(' · ')}
      actions={
        asks && pending.isSuccess ? (
          waiting ? (
            <Button
              variant="contained"
              startIcon={<CheckCircleOutlineIcon />}
              disabled={acknowledge.isPending}
              onClick={() =>
                acknowledge.mutate(data.id, {
                  onSuccess: () => enqueueSnackbar('Thank you: your acknowledgement is recorded', { variant: 'success' }),
                  onError: (error) => enqueueSnackbar(apiErrorMessageOf(error), { variant: 'error' }),
                })
              }
            >
              I have read this
            </Button>
          ) : acknowledged ? (
            <Chip color="success" variant="outlined" icon={<CheckCircleOutlineIcon />} label="Acknowledged" />
          ) : undefined
        ) : undefined
      }
    >
      {editor && (
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs
            value={tab}
            onChange={(_, next: EditorTab) => setTab(next)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Article"
          >
            <Tab value="article" label="Article" />
            <Tab value="edit" label="Edit" />
            <Tab value="versions" label="Versions" />
            <Tab value="acknowledgements" label="Acknowledgements" />
          </Tabs>
        </Box>
      )}
      <Suspense fallback={<PageLoading />}>
        {tab === 'edit' ? (
          <ArticleEditor
            key={`${data.id}:${data.version}`}
            article={data}
            onSaved={() => setTab('article')}
            onCancel={() => setTab('article')}
          />
        ) : tab === 'versions' ? (
          <ArticleVersions article={data} />
        ) : tab === 'acknowledgements' ? (
          <ArticleAcknowledgements article={data} />
        ) : (
          <Stack spacing={2}>
            {data.status !== 'PUBLISHED' && (
              <Alert severity="warning">This article is {data.status.toLowerCase()}: only editors see it.</Alert>
            )}
            {asks && waiting && (
              <Alert severity="info">
                This procedure asks you to confirm that you have read it: press “I have read this” when you have.
              </Alert>
            )}
            <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
              <RichTextView
                doc={data.body}
                label={data.title}
                renderImage={({ attachment, alt }, key) => <ArticleImage key={key} articleId={data.id} attachment={attachment} alt={alt} />}
              />
            </Paper>
            {data.review_by && (
              <Typography variant="body2" color="text.secondary">
                Review by {data.review_by}
              </Typography>
            )}
          </Stack>
        )}
      </Suspense>
    </PageFrame>
  );
}
