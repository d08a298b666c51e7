import { Suspense, lazy } from 'react';
import { Box, Typography } from '@mui/material';
import type { RichTextEditorProps } from './RichTextEditor';

// TipTap and ProseMirror (about 125 KiB brotli) load after the page has rendered, not with it:
// pages that show tickets stay within the bundle budget (scripts/bundle-budget.ts).
const RichTextEditor = lazy(async () => ({ default: (await import('./RichTextEditor')).RichTextEditor }));

/** The rich-text editor, loaded on demand; until then a box of its size with its label holds its place. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder label={props.label} minHeight={props.minHeight ?? 160} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** The editor's label and box, as the editor draws them, while it loads. */
export function EditorPlaceholder({ label, minHeight }: { label: string; minHeight: number }) {
  return (
    <Box aria-busy="true">
      <Typography variant="body2" sx={{ display: 'block', mb: 0.5, fontWeight: 500, color: 'text.secondary' }}>
        {label}
      </Typography>
      {/* The toolbar's row (34 px) and the text area with its padding, as the editor draws them. */}
      <Box
        sx={(theme) => ({
          border: 1,
          borderColor: theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.23)' : 'rgba(0,0,0,0.23)',
          borderRadius: 1,
          minHeight: minHeight + 34 + 16 + 16,
        })}
      />
    </Box>
  );
}
