import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { isNotFound } from '../../api/http-client';
import { useDateTimeFormatter } from '../../shell/settings/app-settings.queries';
import { PageFrame } from '../../shared/ui/PageFrame';
import { PageLoading } from '../../shared/ui/PageLoading';
import { humaniseCode } from '../../shared/humanise';
import { myTicketQuery } from './tickets.queries';
import { StatusChip } from './TicketChips';

interface DocNode {
  type: string;
  text?: string;
  content?: DocNode[];
}

/** Renders the ticket's rich-text document as plain paragraphs and lists (read-only). */
function DocView({ node }: { node: DocNode }) {
  const children = (node.content ?? []).map((child, index) => <DocView key={index} node={child} />);
  switch (node.type) {
    case 'text':
      return <>{node.text}</>;
    case 'paragraph':
      return <Typography sx={{ mb: 1 }}>{children}</Typography>;
    case 'bulletList':
      return <Box component="ul" sx={{ pl: 3 }}>{children}</Box>;
    case 'orderedList':
      return <Box component="ol" sx={{ pl: 3 }}>{children}</Box>;
    case 'listItem':
      return <li>{children}</li>;
    default:
      return <>{children}</>;
  }
}

export function MyTicketDetailPage() {
  const { id = '' } = useParams();
  const ticket = useQuery(myTicketQuery(id));
  const formatDate = useDateTimeFormatter();
  const back = (
    <Button component={RouterLink} to="/tickets" startIcon={<ArrowBackIcon />}>
      My Tickets
    </Button>
  );
  if (ticket.isPending) return <PageLoading />;
  if (ticket.isError) {
    return (
      <PageFrame title="Ticket" actions={back}>
        <Alert severity={isNotFound(ticket.error) ? 'info' : 'error'}>{isNotFound(ticket.error) ? 'This ticket was not found.' : 'The ticket could not be loaded.'}</Alert>
      </PageFrame>
    );
  }
  const data = ticket.data;
  const doc = data.ticket_content && typeof data.ticket_content === 'object' ? (data.ticket_content as DocNode) : null;
  return (
    <PageFrame title={data.title} actions={back}>
      <Stack direction="row" spacing={3} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <StatusChip status={data.ticket_status} />
        <Typography color="text.secondary">{humaniseCode(data.ticket_type)}</Typography>
        <Typography color="text.secondary">Priority: {humaniseCode(data.priority)}</Typography>
        <Typography color="text.secondary">Created {formatDate(data.created_at)}</Typography>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        {doc ? <DocView node={doc} /> : <Typography color="text.secondary">No description.</Typography>}
      </Paper>
    </PageFrame>
  );
}
