import { useQuery } from '@tanstack/react-query';
import type { Article } from '@ops/contract/knowledge/knowledge.schemas';
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { PageLoading } from '../../shared/ui/PageLoading';
import { useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import { acknowledgementsQuery } from './knowledge.queries';
import { acknowledgementsCsv, acknowledgementsFileName, downloadText } from './acknowledgement-csv';

/** Editors: who of the audience acknowledged the current version and who has not, exportable as CSV. */
export function ArticleAcknowledgements({ article }: { article: Article }) {
  const list = useQuery(acknowledgementsQuery(article.id));
  const formatDateTime = useDateTimeFormatter();
  if (list.isPending) return <PageLoading />;
  if (list.isError) return <Alert severity="error">{apiErrorMessageOf(list.error)}</Alert>;
  const data = list.data;
  return (
    <Stack spacing={2}>
      {!article.acknowledgement_required && (
        <Alert severity="info">This article does not ask for acknowledgement; readers may still acknowledge it.</Alert>
      )}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography role="status">
          Version {data.version}: {data.acknowledged.length} acknowledged, {data.pending.length} pending
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() =>
            downloadText(acknowledgementsCsv(data, article.title), acknowledgementsFileName(article.title, data.version))
          }
        >
          Export CSV
        </Button>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Paper variant="outlined" component="section" aria-labelledby="ack-done">
          <Typography id="ack-done" variant="h2" sx={{ fontSize: '1rem', p: 2, pb: 0 }}>
            Acknowledged ({data.acknowledged.length})
          </Typography>
          {data.acknowledged.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
              Nobody has acknowledged this version yet.
            </Typography>
          ) : (
            <List dense aria-label="Acknowledged">
              {data.acknowledged.map((entry) => (
                <ListItem
                  key={entry.user.id}
                  secondaryAction={<Chip size="small" color="success" variant="outlined" label="Acknowledged" />}
                >
                  <ListItemText primary={entry.user.full_name} secondary={formatDateTime(entry.at)} />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="ack-pending">
          <Typography id="ack-pending" variant="h2" sx={{ fontSize: '1rem', p: 2, pb: 0 }}>
            Pending ({data.pending.length})
          </Typography>
          {data.pending.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
              Everyone in the audience has acknowledged this version.
            </Typography>
          ) : (
            <List dense aria-label="Pending">
              {data.pending.map((entry) => (
                <ListItem key={entry.user.id} secondaryAction={<Chip size="small" variant="outlined" label="Pending" />}>
                  <ListItemText primary={entry.user.full_name} />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
      </Box>
    </Stack>
  );
}
