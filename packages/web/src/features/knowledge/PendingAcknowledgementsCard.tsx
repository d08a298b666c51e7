import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { pendingAcknowledgementsQuery } from './knowledge.queries';

/** Home's "Waiting for your acknowledgement" (spec platform §14.2): nothing at all when nothing waits. */
export function PendingAcknowledgementsCard() {
  const pending = useQuery(pendingAcknowledgementsQuery());
  const articles = pending.data?.results ?? [];
  if (articles.length === 0) return null;
  const more = (pending.data?.count ?? 0) - articles.length;
  return (
    <Card variant="outlined" component="section" aria-labelledby="home-acknowledgements" sx={{ mb: 3, borderColor: 'info.main' }}>
      <CardContent>
        <Typography id="home-acknowledgements" variant="h2" sx={{ fontSize: '1rem', mb: 1 }}>
          Waiting for your acknowledgement ({pending.data?.count ?? articles.length})
        </Typography>
        <List dense disablePadding>
          {articles.map((article) => (
            <li key={article.id}>
              <ListItemButton component={RouterLink} to={`/knowledge/${article.id}`} sx={{ borderRadius: 1 }}>
                <ListItemText primary={article.title} secondary={article.category?.name} />
              </ListItemButton>
            </li>
          ))}
        </List>
        {more > 0 && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            <RouterLink to="/knowledge">{more} more in Knowledge</RouterLink>
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
