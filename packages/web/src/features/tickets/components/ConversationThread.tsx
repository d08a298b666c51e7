import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Box, Paper, Stack, Typography } from '@mui/material';
import type { Conversation } from '@ops/contract/helpdesk/helpdesk.schemas';
import { RichTextView } from '../../../shared/ui/RichTextView';
import { messageAttachmentsQuery, useDeleteAttachment, type TicketScope } from '../tickets.queries';
import { AttachmentList } from './AttachmentList';
import { internalNoteSurface } from './internal-note-surface';

const FRESH_MS = 60_000;

export function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join('') || '?'
  );
}

interface MessageProps {
  scope: TicketScope;
  ticketId: string;
  conversation: Conversation;
  mine: boolean;
  formatDate: (value: string) => string;
  canDeleteFile: (uploaderId: string | undefined) => boolean;
}

function Message({ scope, ticketId, conversation, mine, formatDate, canDeleteFile }: MessageProps) {
  // Files are uploaded after their message is sent (and notified): look again while the message is new.
  const files = useQuery({
    ...messageAttachmentsQuery(scope, ticketId, conversation.id),
    refetchInterval: () => (Date.now() - Date.parse(conversation.created_at) < FRESH_MS ? 3000 : false),
  });
  const remove = useDeleteAttachment(scope, ticketId);
  const to = [conversation.recipient?.full_name, ...conversation.copy.map((user) => user.full_name)].filter(Boolean);
  return (
    <Box
      component="li"
      id={`message-${conversation.id}`}
      sx={{ display: 'flex', gap: 1.5, listStyle: 'none', scrollMarginTop: 80 }}
      aria-label={`${conversation.internal ? 'Internal note' : 'Message'} from ${conversation.sender.full_name}`}
    >
      <Avatar sx={{ width: 36, height: 36, fontSize: '0.875rem', bgcolor: mine ? 'primary.main' : 'secondary.main' }} aria-hidden>
        {initials(conversation.sender.full_name)}
      </Avatar>
      <Paper
        variant="outlined"
        data-internal-note={conversation.internal ? 'true' : undefined}
        sx={{
          flex: 1,
          minWidth: 0,
          p: 1.5,
          bgcolor: mine ? 'action.hover' : 'background.paper',
          ...(conversation.internal ? internalNoteSurface : {}),
        }}
      >
        {conversation.internal && (
          <Typography variant="caption" sx={{ display: 'block', fontWeight: 700, textTransform: 'uppercase', letterSpacing: 0.5, mb: 0.5 }}>
            Internal note
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 0.5, mb: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {conversation.sender.full_name}
            {mine && (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                (you)
              </Typography>
            )}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={conversation.created_at}>
            {formatDate(conversation.created_at)}
          </Typography>
        </Stack>
        {to.length > 0 && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
            To {conversation.recipient?.full_name ?? 'nobody'}
            {conversation.copy.length > 0 && ` · Cc ${conversation.copy.map((user) => user.full_name).join(', ')}`}
          </Typography>
        )}
        <RichTextView doc={conversation.message} />
        {files.data && files.data.results.length > 0 && (
          <Box sx={{ mt: 1 }}>
            <AttachmentList
              label={`Files of the message from ${conversation.sender.full_name}`}
              attachments={files.data.results}
              canDelete={(file) => canDeleteFile(file.uploaded_by?.id)}
              onDelete={(file) => remove.mutateAsync({ id: file.id, conversationId: conversation.id })}
            />
          </Box>
        )}
      </Paper>
    </Box>
  );
}

export interface ConversationThreadProps {
  scope: TicketScope;
  ticketId: string;
  conversations: Conversation[];
  currentUserId: string | undefined;
  formatDate: (value: string) => string;
  canDeleteFile: (uploaderId: string | undefined) => boolean;
}

export function ConversationThread({
  scope,
  ticketId,
  conversations,
  currentUserId,
  formatDate,
  canDeleteFile,
}: ConversationThreadProps) {
  const { hash } = useLocation();
  const count = conversations.length;
  // A notification's link names its message (#message-<id>): bring it into view once the thread is drawn.
  useEffect(() => {
    if (!hash.startsWith('#message-')) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'center' });
  }, [hash, count]);
  if (conversations.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        No messages yet.
      </Typography>
    );
  }
  return (
    <Stack component="ol" aria-label="Conversation" spacing={2} sx={{ p: 0, m: 0 }}>
      {conversations.map((conversation) => (
        <Message
          key={conversation.id}
          scope={scope}
          ticketId={ticketId}
          conversation={conversation}
          mine={conversation.sender.id === currentUserId}
          formatDate={formatDate}
          canDeleteFile={canDeleteFile}
        />
      ))}
    </Stack>
  );
}
