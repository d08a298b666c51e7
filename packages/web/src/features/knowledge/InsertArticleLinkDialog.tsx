import { useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { articleListQuery } from './knowledge.queries';

export interface ArticleLink {
  title: string;
  /** The article's absolute address (links in messages keep only http and https addresses). */
  href: string;
}

/** The address of an article, as a message links it. */
export const articleHref = (id: string, origin = window.location.origin) => `${origin}/knowledge/${id}`;

/** "Insert article link" in the reply box: searches the published articles the agent reads and hands back the one picked. */
export function InsertArticleLinkDialog({ onInsert, onClose }: { onInsert: (link: ArticleLink) => void; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const articles = useQuery(articleListQuery({ search: deferred, status: 'PUBLISHED', limit: 10 }));
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby="insert-article-title">
      <DialogTitle id="insert-article-title">Insert article link</DialogTitle>
      <DialogContent dividers>
        <TextField
          label="Search articles"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          size="small"
          fullWidth
          autoFocus
          sx={{ mb: 1 }}
        />
        {articles.isError ? (
          <Alert severity="error">{apiErrorMessageOf(articles.error)}</Alert>
        ) : articles.data && articles.data.results.length === 0 ? (
          <Typography variant="body2" sx={{ p: 1 }}>
            No published article matches.
          </Typography>
        ) : (
          <List dense aria-label="Articles">
            {(articles.data?.results ?? []).map((article) => (
              <li key={article.id}>
                <ListItemButton onClick={() => onInsert({ title: article.title, href: articleHref(article.id) })}>
                  <ListItemText primary={article.title} secondary={article.category?.name} />
                </ListItemButton>
              </li>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
