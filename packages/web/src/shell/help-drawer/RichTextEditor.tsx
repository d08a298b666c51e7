import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { EditorContent, Extension, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { mentionStyles } from '../../shared/ui/mention-styles';
import { staffMentions, type MentionCandidate } from '../../shared/ui/mention-suggestion';
import StarterKit from '@tiptap/starter-kit';
import { Box, FormHelperText, IconButton, Stack, Tooltip, Typography, alpha } from '@mui/material';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import type { DocNode } from './ticket-forms';
import { imageNode, type EditorImages } from './image-node';

export interface RichTextEditorProps {
  label: string;
  onChange: (doc: DocNode) => void;
  /** The document the editor starts with (a restored draft). */
  initialContent?: DocNode | null;
  error?: string | null;
  invalid?: boolean;
  disabled?: boolean;
  minHeight?: number;
  /** Offers `@` mentions of the staff this finds; read once, when the editor is created. */
  mentionSearch?: (query: string) => Promise<MentionCandidate[]>;
  /** The editor, once created (to insert content from outside: a canned reply). */
  onEditor?: (editor: Editor | null) => void;
  /** Ctrl+Enter (Cmd+Enter on a Mac) submits: the reply box sends its message. */
  onSubmitShortcut?: () => void;
  /** Keeps links (the reply box's "Insert article link"); read once, when the editor is created. */
  links?: boolean;
  /**
   * Offers "Insert image" (an article's text): a picked file is uploaded and an image node naming it
   * inserted. `false` shows the button disabled with `imagesUnavailable` as its reason. Read once.
   */
  images?: EditorImages | false;
  /** Why images cannot be added yet (a new article: they are its attachments, so it must exist). */
  imagesUnavailable?: string;
}

/**
 * Mod-Enter (Ctrl, or Cmd on a Mac) runs `submit`. StarterKit's hard break takes Mod-Enter too;
 * a higher priority runs this first, and returning true stops the hard break.
 */
function submitShortcut(submit: () => void) {
  return Extension.create({
    name: 'submitShortcut',
    priority: 1000,
    addKeyboardShortcuts: () => ({
      'Mod-Enter': () => {
        submit();
        return true;
      },
    }),
  });
}

/** Whether the editor's view is mounted (its `view` getter throws for anything but `state` until then). */
function hasView(editor: Editor): boolean {
  try {
    return editor.view.dom instanceof HTMLElement;
  } catch {
    return false;
  }
}

/** A TipTap editor whose value is its JSON document; labelled like a form field. */
export function RichTextEditor({ label, onChange, error, invalid, disabled, minHeight = 160, initialContent, mentionSearch, onEditor, onSubmitShortcut, links = false, images, imagesUnavailable }: RichTextEditorProps) {
  const labelId = useId();
  const errorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [imageState, setImageState] = useState<{ uploading: boolean; error: string | null }>({ uploading: false, error: null });
  // An article's stored documents may hold images even where none can be added (a new article never does).
  const imageNodes = useMemo(() => (images !== undefined ? [imageNode(images ? images.url : () => Promise.reject(new Error('no images')))] : []), [images !== undefined]);
  const mentions = useMemo(() => (mentionSearch ? [staffMentions(mentionSearch)] : []), [mentionSearch]);
  // The extensions are read once, when the editor is created; the latest callback is read at the key press.
  const submitRef = useRef(onSubmitShortcut);
  submitRef.current = onSubmitShortcut;
  const submitting = useMemo(() => (onSubmitShortcut ? [submitShortcut(() => submitRef.current?.())] : []), [onSubmitShortcut !== undefined]);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: false, codeBlock: false, horizontalRule: false, link: links ? { openOnClick: false, autolink: false, linkOnPaste: false, protocols: ['http', 'https', 'mailto'] } : false }), ...mentions, ...submitting, ...imageNodes],
    // A restored draft; read once, when the editor is created.
    content: initialContent ?? undefined,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(onSubmitShortcut ? { 'aria-keyshortcuts': 'Control+Enter Meta+Enter' } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getJSON() as DocNode),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bullet: current?.isActive('bulletList') ?? false,
      ordered: current?.isActive('orderedList') ?? false,
    }),
  });

  useEffect(() => {
    onEditor?.(editor);
  }, [editor, onEditor]);
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);
  useEffect(() => {
    if (!editor) return;
    const apply = () => {
      const dom = editor.view.dom;
      if (invalid || error) dom.setAttribute('aria-invalid', 'true');
      else dom.removeAttribute('aria-invalid');
      if (error) dom.setAttribute('aria-describedby', errorId);
      else dom.removeAttribute('aria-describedby');
    };
    // TipTap 3 creates the editor before EditorContent mounts its view, and remounts it when the
    // editor is recreated: reading view.dom before that throws (and took the page down with it).
    editor.on('mount', apply);
    if (hasView(editor)) apply();
    return () => {
      editor.off('mount', apply);
    };
  }, [editor, invalid, error, errorId]);

  const tools = [
    { label: 'Bold', icon: <FormatBoldIcon fontSize="small" />, active: state?.bold, run: () => editor?.chain().focus().toggleBold().run() },
    { label: 'Italic', icon: <FormatItalicIcon fontSize="small" />, active: state?.italic, run: () => editor?.chain().focus().toggleItalic().run() },
    { label: 'Bulleted list', icon: <FormatListBulletedIcon fontSize="small" />, active: state?.bullet, run: () => editor?.chain().focus().toggleBulletList().run() },
    { label: 'Numbered list', icon: <FormatListNumberedIcon fontSize="small" />, active: state?.ordered, run: () => editor?.chain().focus().toggleOrderedList().run() },
  ];

  const insertImage = async (file: File) => {
    if (!images || !editor) return;
    setImageState({ uploading: true, error: null });
    try {
      const attachment = await images.upload(file);
      editor.chain().focus().insertContent({ type: 'image', attrs: { attachment, alt: file.name.replace(/\.[^.]*$/, '') } }).run();
      setImageState({ uploading: false, error: null });
    } catch (failure) {
      setImageState({ uploading: false, error: failure instanceof Error && failure.message ? failure.message : 'The image could not be uploaded.' });
    }
  };
  const imageLabel = imageState.uploading ? 'Uploading image…' : 'Insert image';

  return (
    <Box>
      <Typography id={labelId} component="label" variant="body2" sx={{ display: 'block', mb: 0.5, fontWeight: 500, color: error ? 'error.main' : 'text.secondary' }} onClick={() => editor?.commands.focus()}>
        {label}
      </Typography>
      <Box
        sx={(theme) => ({
          border: 1,
          borderColor: error ? 'error.main' : theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.23)' : 'rgba(0,0,0,0.23)',
          borderRadius: 1,
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: `0 0 0 1px ${error ? theme.palette.error.main : theme.palette.primary.main}` },
          opacity: disabled ? 0.6 : 1,
        })}
      >
        <Stack direction="row" spacing={0.25} sx={{ px: 0.5, py: 0.25, borderBottom: 1, borderColor: 'divider' }} role="toolbar" aria-label={`${label} formatting`}>
          {tools.map((tool) => (
            <Tooltip key={tool.label} title={tool.label}>
              <IconButton
                size="small"
                aria-label={tool.label}
                aria-pressed={Boolean(tool.active)}
                onClick={tool.run}
                disabled={disabled}
                sx={(theme) => ({ bgcolor: tool.active ? alpha(theme.palette.primary.main, 0.15) : undefined })}
              >
                {tool.icon}
              </IconButton>
            </Tooltip>
          ))}
          {images !== undefined && (
            <Tooltip title={images ? imageLabel : (imagesUnavailable ?? imageLabel)}>
              <span>
                <IconButton
                  size="small"
                  aria-label={imageLabel}
                  onClick={() => fileInput.current?.click()}
                  disabled={disabled || !images || imageState.uploading}
                >
                  <ImageOutlinedIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          )}
          {images && (
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg"
              hidden
              data-testid="image-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void insertImage(file);
              }}
            />
          )}
        </Stack>
        <Box
          sx={{
            px: 1.5,
            py: 1,
            cursor: 'text',
            '& .ProseMirror': { minHeight, outline: 'none', '& p': { my: 0.5 }, '& ul, & ol': { pl: 3, my: 0.5 }, '& img.ProseMirror-selectednode': { outline: 2, outlineColor: 'primary.main' } },
            ...mentionStyles,
          }}
          onClick={() => editor?.commands.focus()}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
      {imageState.error && (
        <FormHelperText error role="alert">
          {imageState.error}
        </FormHelperText>
      )}
    </Box>
  );
}
