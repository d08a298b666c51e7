import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Editor, JSONContent } from '@tiptap/react';
import { useCurrentUser } from '../../../shared/session/session';
import { clearDraft, isDocument, loadDraft, saveDraft } from '../../../shared/drafts';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { Box, Button, Chip, IconButton, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { searchStaff } from '../canned-replies.queries';
import { CannedReplyPicker } from './CannedReplyPicker';
import CloseIcon from '@mui/icons-material/Close';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/SendOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { LazyRichTextEditor } from '../../../shell/help-drawer/LazyRichTextEditor';
import type { DocNode } from '../../../shell/help-drawer/ticket-forms';
import { documentText } from '../../../shared/ui/RichTextView';
import { apiErrorMessageOf } from '../../../shared/api-error-message';
import { fileSize } from '../../../shared/file-size';
import { UserPicker, UsersPicker } from '../../users/UserPicker';
import type { UserWithEmail } from '../../users/users.queries';
import { useSendReply, type TicketScope } from '../tickets.queries';
import { ATTACHMENT_ACCEPT } from './attachment-accept';
import { internalNoteSurface } from './internal-note-surface';

// The article search opens on demand: the ticket page does not carry it.
const InsertArticleLinkDialog = lazy(async () => ({ default: (await import('../../knowledge/InsertArticleLinkDialog')).InsertArticleLinkDialog }));

export interface ReplyFormProps {
  scope: TicketScope;
  ticketId: string;
  /** Whether the user may look up other users (identity user read): recipient and copy pickers. */
  canPickUsers: boolean;
  /** Who the message goes to when no recipient is picked (the other side of the ticket). */
  defaultRecipient: UserWithEmail | null;
}

/** A canned reply's JSON document as editor content: objects kept as nodes, their `content` lists read the same way (anything else in a list is dropped). */
function editorContentOf(value: unknown): JSONContent | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const node: JSONContent = Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'content'));
  const content = 'content' in value ? value.content : undefined;
  if (!Array.isArray(content)) return node;
  return { ...node, content: content.flatMap((child) => editorContentOf(child) ?? []) };
}

/** The editor's send keys (Mod-Enter): Cmd on Apple devices, Ctrl elsewhere. */
const SEND_KEYS = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘+Enter' : 'Ctrl+Enter';

export function ReplyForm({ scope, ticketId, canPickUsers, defaultRecipient }: ReplyFormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const send = useSendReply(scope, ticketId);
  const userId = useCurrentUser().data?.id;
  const draftPlace = `reply:${scope}:${ticketId}`;
  // What this user had typed here and not sent, restored once.
  const [restored, setRestored] = useState(() => (userId ? loadDraft(userId, draftPlace, isDocument) : null) as DocNode | null);
  const [doc, setDoc] = useState<DocNode | null>(restored);
  const [editorKey, setEditorKey] = useState(0);
  const [recipient, setRecipient] = useState<UserWithEmail | null>(null);
  const [copy, setCopy] = useState<UserWithEmail[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [attempted, setAttempted] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const empty = documentText(doc) === '';
  // Staff write a reply to the requester or an internal note for colleagues, and @mention staff.
  const staff = scope === 'tickets';
  const [mode, setMode] = useState<'reply' | 'note'>('reply');
  const note = staff && mode === 'note';
  const [editor, setEditor] = useState<Editor | null>(null);
  const [linking, setLinking] = useState(false);

  useEffect(() => {
    if (userId) saveDraft(userId, draftPlace, empty ? null : doc);
  }, [userId, draftPlace, doc, empty]);

  const submit = async () => {
    setAttempted(true);
    if (empty || !doc || send.isPending) return;
    try {
      await send.mutateAsync({
        message: doc as unknown as Record<string, unknown>,
        recipient: recipient ? recipient.id : undefined,
        copy: copy.map((user) => user.id),
        files,
        internal: note,
      });
      if (userId) clearDraft(userId, draftPlace);
      setRestored(null);
      setDoc(null);
      setFiles([]);
      setCopy([]);
      setRecipient(null);
      setAttempted(false);
      setEditorKey((key) => key + 1);
      enqueueSnackbar(note ? 'Internal note added' : 'Message sent', { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(apiErrorMessageOf(error), { variant: 'error' });
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={1.5}
      aria-label="Reply"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {staff && (
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            onChange={(_, next: 'reply' | 'note' | null) => next && setMode(next)}
            aria-label="Message kind"
          >
            <ToggleButton value="reply">Reply</ToggleButton>
            <ToggleButton value="note">Internal note</ToggleButton>
          </ToggleButtonGroup>
          <CannedReplyPicker
            ticketId={ticketId}
            // Until the editor has loaded there is nothing to insert into: a reply picked then was dropped.
            disabled={send.isPending || !editor}
            onInsert={(message) => {
              const document = editorContentOf(message);
              if (document) editor?.chain().focus().insertContent(document.content ?? document).run();
            }}
          />
        </Stack>
      )}
      {canPickUsers && !note && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Box sx={{ flex: 1 }}>
            <UserPicker
              label="To"
              value={recipient}
              onChange={setRecipient}
              disabled={send.isPending}
              helperText={
                recipient
                  ? undefined
                  : defaultRecipient
                    ? `Default: ${defaultRecipient.full_name}`
                    : 'Default: nobody yet (no assignee)'
              }
            />
          </Box>
          <Box sx={{ flex: 1 }}>
            <UsersPicker label="Cc" value={copy} onChange={setCopy} disabled={send.isPending} />
          </Box>
        </Stack>
      )}
      {note && canPickUsers && <UsersPicker label="Cc" value={copy} onChange={setCopy} disabled={send.isPending} />}
      <Box
        data-internal-note={note ? 'true' : undefined}
        sx={note ? { ...internalNoteSurface, border: 1, borderRadius: 1, p: 1 } : undefined}
      >
        {note && (
          <Typography variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 700, mb: 0.5 }}>
            <LockOutlinedIcon sx={{ fontSize: 16 }} /> Internal note · only staff see it; the requester is not told
          </Typography>
        )}
        <LazyRichTextEditor
          key={editorKey}
          initialContent={restored}
          label={note ? 'Internal note' : 'Message'}
          onChange={setDoc}
          minHeight={90}
          disabled={send.isPending}
          error={attempted && empty ? 'Please write a message.' : null}
          mentionSearch={staff ? searchStaff : undefined}
          onEditor={setEditor}
          onSubmitShortcut={() => void submit()}
          links={staff}
        />
      </Box>
      {files.length > 0 && (
        <Stack
          component="ul"
          aria-label="Files to send"
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
        >
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <Chip
                label={
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
                    {`${file.name} (${fileSize(file.size)})`}
                    <IconButton
                      size="small"
                      aria-label={`Remove ${file.name}`}
                      onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                      sx={{ mr: -1 }}
                    >
                      <CloseIcon sx={{ fontSize: 16 }} />
                    </IconButton>
                  </Stack>
                }
              />
            </li>
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button startIcon={<AttachFileIcon />} onClick={() => fileInput.current?.click()} disabled={send.isPending}>
            Attach files
          </Button>
          {staff && (
            // Until the editor has loaded there is nothing to insert into.
            <Button startIcon={<MenuBookOutlinedIcon />} onClick={() => setLinking(true)} disabled={send.isPending || !editor}>
              Insert article link
            </Button>
          )}
        </Stack>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          aria-label="Attach files to the message"
          accept={ATTACHMENT_ACCEPT}
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            setFiles((current) => [...current, ...chosen]);
            event.target.value = '';
          }}
        />
        <Tooltip title={`Or press ${SEND_KEYS} in the message`} describeChild>
          <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={send.isPending}>
            {send.isPending ? 'Sending...' : note ? 'Add note' : 'Send'}
          </Button>
        </Tooltip>
      </Stack>
      {linking && (
        <Suspense fallback={null}>
          <InsertArticleLinkDialog
            onClose={() => setLinking(false)}
            onInsert={(link) => {
              setLinking(false);
              editor
                ?.chain()
                .focus()
                .insertContent([
                  { type: 'text', text: link.title, marks: [{ type: 'link', attrs: { href: link.href } }] },
                  { type: 'text', text: ' ' },
                ])
                .run();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
