/** How a mention looks in the editor and in stored messages (no TipTap here: read-only pages use it too). */
export const MENTION_CLASS = 'mention';
export const mentionStyles = {
  '& .mention': { color: 'primary.main', fontWeight: 600, bgcolor: 'action.selected', borderRadius: 0.5, px: 0.25 },
} as const;
