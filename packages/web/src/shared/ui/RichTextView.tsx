import { useEffect } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Box } from '@mui/material';
import { MentionView, mentionStyles } from './mention-suggestion';

export interface RichTextViewProps {
  /** A TipTap (ProseMirror JSON) document. */
  doc: Record<string, unknown>;
  /** Accessible name of the rendered document. */
  label?: string;
}

/** A stored rich-text document, rendered read-only by the same editor schema that wrote it. */
export function RichTextView({ doc, label }: RichTextViewProps) {
  const editor = useEditor({
    extensions: [StarterKit, MentionView],
    editable: false,
    content: isDocument(doc) ? doc : null,
    editorProps: { attributes: label ? { 'aria-label': label, role: 'document' } : { role: 'document' } },
  });
  useEffect(() => {
    // A refetched ticket or message replaces the document shown.
    if (editor && isDocument(doc)) editor.commands.setContent(doc, { emitUpdate: false });
  }, [editor, doc]);
  return (
    <Box
      sx={{
        '& .ProseMirror': { outline: 'none', overflowWrap: 'anywhere' },
        '& .ProseMirror p': { my: 0.5 },
        '& .ProseMirror ul, & .ProseMirror ol': { pl: 3, my: 0.5 },
        '& .ProseMirror a': { color: 'primary.main' },
        ...mentionStyles,
      }}
    >
      <EditorContent editor={editor} />
    </Box>
  );
}

function isDocument(doc: Record<string, unknown>): boolean {
  return doc.type === 'doc';
}

/** The document's text, for previews and "is it empty" checks. */
export function documentText(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const record = node as { type?: unknown; text?: unknown; content?: unknown; attrs?: { label?: unknown } };
  const own = typeof record.text === 'string' ? record.text : record.type === 'mention' && typeof record.attrs?.label === 'string' ? `@${record.attrs.label}` : '';
  const children = Array.isArray(record.content) ? record.content.map(documentText).join(record.content.length > 1 ? ' ' : '') : '';
  return (own + children).trim();
}
