import { useDeferredValue, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Alert, Button, Chip, List, ListItemButton, ListItemText, Paper, Stack, TextField, Typography } from '@mui/material';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageFrame } from '../../shared/ui/PageFrame';
import { PageLoading } from '../../shared/ui/PageLoading';
import { RichTextView } from '../../shared/ui/RichTextView';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { articleListQuery, articleQuery, pendingAcknowledgementsQuery, useAcknowledgeArticle } from './knowledge.queries';

/** The knowledge base as a reader sees it (spec platform §14.2): the articles of their audience, searched by title. */
export function KnowledgePage() {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const articles = useQuery(articleListQuery({ search: deferred, limit: 100 }));
  const pending = useQuery(pendingAcknowledgementsQuery());
  const waiting = pending.data?.results ?? [];
  return (
    <PageFrame title="Knowledge" subtitle="Procedures and answers for your sites">
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
      {articles.isPending ? (
        <PageLoading />
      ) : articles.isError ? (
        <Alert severity="error">{apiErrorMessageOf(articles.error)}</Alert>
      ) : articles.data.results.length === 0 ? (
        <EmptyState icon={<MenuBookOutlinedIcon />} title="No articles" description={deferred ? 'No article title holds these words.' : 'There are no articles for you yet.'} />
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label="Articles">
            {articles.data.results.map((article) => (
              <ListItemButton key={article.id} component={RouterLink} to={`/knowledge/${article.id}`} divider>
                <ListItemText
                  primary={article.title}
                  secondary={[article.category?.name, article.status === 'PUBLISHED' ? null : article.status.toLowerCase()].filter(Boolean).join(' · ') || null}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
    </PageFrame>
  );
}

/** One article: its text, and the acknowledgement it asks for. */
export function ArticlePage() {
  const { id = '' } = useParams();
  const { enqueueSnackbar } = useSnackbar();
  const article = useQuery(articleQuery(id));
  const pending = useQuery(pendingAcknowledgementsQuery());
  const acknowledge = useAcknowledgeArticle();
  if (article.isPending) return <PageLoading />;
  if (article.isError)
    return (
      <PageFrame title="Article">
        <Alert severity="error">{apiErrorMessageOf(article.error)}</Alert>
      </PageFrame>
    );
  const data = article.data;
  const waiting = pending.data?.results.some((item) => item.id === data.id) ?? false;
  return (
    <PageFrame
      title={data.title}
      subtitle={[data.category?.name, `Version ${data.version}`, data.updated_by ? `Last edited by ${data.updated_by.full_name}` : null].filter(Boolean).join(' · ')}
      actions={
        data.acknowledgement_required && data.status === 'PUBLISHED' ? (
          waiting ? (
            <Button
              variant="contained"
              disabled={acknowledge.isPending}
              onClick={() =>
                acknowledge.mutate(data.id, {
                  onSuccess: () => enqueueSnackbar('Acknowledged', { variant: 'success' }),
                  onError: (error) => enqueueSnackbar(apiErrorMessageOf(error), { variant: 'error' }),
                })
              }
            >
              Acknowledge
            </Button>
          ) : acknowledge.isSuccess ? (
            <Chip color="success" variant="outlined" label="Acknowledged" />
          ) : undefined
        ) : undefined
      }
    >
      <Stack spacing={2}>
        {data.status !== 'PUBLISHED' && <Alert severity="warning">This article is {data.status.toLowerCase()}: only editors see it.</Alert>}
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <RichTextView doc={data.body} label={data.title} />
        </Paper>
        {data.review_by && (
          <Typography variant="body2" color="text.secondary">
            Review by {data.review_by}
          </Typography>
        )}
      </Stack>
    </PageFrame>
  );
}
