import { useMemo } from 'react';
import { Box } from '@mui/material';
import { mentionStyles } from './mention-styles';
import { renderRichTextDocument, type RenderOptions } from './rich-text-document';

export interface RichTextViewProps {
  /** A TipTap (ProseMirror JSON) document. */
  doc: Record<string, unknown>;
  /** Accessible name of the rendered document. */
  label?: string;
  /** Draws the document's images (an article's attachments); without it they are left out. */
  renderImage?: RenderOptions['image'];
}

/**
 * A stored rich-text document, read-only. Drawn by a small renderer rather than a read-only
 * TipTap editor, so pages that only show tickets do not load ProseMirror (issue 22's bundle budget).
 */
export function RichTextView({ doc, label, renderImage }: RichTextViewProps) {
  const content = useMemo(() => renderRichTextDocument(doc, { image: renderImage }), [doc, renderImage]);
  return (
    <Box
      role="document"
      aria-label={label}
      translate="no"
      sx={{
        // What ProseMirror's own stylesheet gave the read-only editor: spaces and line breaks kept as typed.
        position: 'relative',
        whiteSpace: 'break-spaces',
        wordWrap: 'break-word',
        fontVariantLigatures: 'none',
        fontFeatureSettings: '"liga" 0',
        overflowWrap: 'anywhere',
        '& pre': { whiteSpace: 'pre-wrap' },
        '& .mention, & hr': { whiteSpace: 'normal' },
        '& p': { my: 0.5 },
        '& ul, & ol': { pl: 3, my: 0.5 },
        '& a': { color: 'primary.main' },
        '& img': { display: 'block', maxWidth: '100%', height: 'auto', my: 1, borderRadius: 1 },
        ...mentionStyles,
      }}
    >
      {content}
    </Box>
  );
}

/** The document's text, for previews and "is it empty" checks. */
export function documentText(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const record = node as { type?: unknown; text?: unknown; content?: unknown; attrs?: { label?: unknown } };
  const own = typeof record.text === 'string' ? record.text : record.type === 'mention' && typeof record.attrs?.label === 'string' ? `@${record.attrs.label}` : '';
  const children = Array.isArray(record.content) ? record.content.map(documentText).join(record.content.length > 1 ? ' ' : '') : '';
  return (own + children).trim();
}
