import { lazy, Suspense, useState } from 'react';
import { Box, IconButton, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { Attachment } from '@ops/contract/helpdesk/helpdesk.schemas';
import { ConfirmDialog } from '../../../shared/ui/LazyConfirmDialog';
import { fileSize } from '../../../shared/file-size';
import { download, isImage, isPdf, useBlobUrl } from './attachment-files';

// The preview dialog (MUI's Dialog and its parts) loads when a preview is first opened.
const AttachmentPreviewDialog = lazy(async () => ({
  default: (await import('./AttachmentPreviewDialog')).AttachmentPreviewDialog,
}));

function ImageThumbnail({ attachment, onOpen }: { attachment: Attachment; onOpen: () => void }) {
  const { url, failed } = useBlobUrl(attachment, true);
  if (failed) return <InsertDriveFileOutlinedIcon color="disabled" />;
  if (!url) return <Skeleton variant="rounded" width="100%" height={96} />;
  return (
    <Box
      component="button"
      type="button"
      onClick={onOpen}
      aria-label={`Preview ${attachment.file_name}`}
      sx={{
        p: 0,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        cursor: 'zoom-in',
        bgcolor: 'transparent',
        display: 'block',
        width: '100%',
      }}
    >
      <Box
        component="img"
        src={url}
        alt={attachment.file_name}
        sx={{ display: 'block', width: '100%', height: 96, objectFit: 'cover' }}
      />
    </Box>
  );
}

export interface AttachmentListProps {
  attachments: Attachment[];
  /** Accessible name of the list. */
  label: string;
  canDelete: (attachment: Attachment) => boolean;
  onDelete: (attachment: Attachment) => Promise<unknown>;
}

/** Files of a ticket or a message: image thumbnails inline, PDFs and images previewed in a dialog, download and delete. */
export function AttachmentList({ attachments, label, canDelete, onDelete }: AttachmentListProps) {
  const [preview, setPreview] = useState<Attachment | null>(null);
  const [deleting, setDeleting] = useState<Attachment | null>(null);
  if (attachments.length === 0) return null;
  return (
    <>
      <Stack component="ul" aria-label={label} direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, listStyle: 'none', p: 0, m: 0 }}>
        {attachments.map((attachment) => (
          <Box
            component="li"
            key={attachment.id}
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 1,
              display: 'flex',
              flexDirection: 'column',
              gap: 0.75,
              width: 200,
              maxWidth: '100%',
            }}
          >
            {isImage(attachment) ? (
              <ImageThumbnail attachment={attachment} onOpen={() => setPreview(attachment)} />
            ) : isPdf(attachment) ? (
              <PictureAsPdfOutlinedIcon color="error" sx={{ fontSize: 40 }} />
            ) : (
              <InsertDriveFileOutlinedIcon color="action" sx={{ fontSize: 40 }} />
            )}
            <Box sx={{ minWidth: 0 }}>
              <Typography
                variant="body2"
                sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                title={attachment.file_name}
              >
                {attachment.file_name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {fileSize(attachment.size)}
              </Typography>
            </Box>
            <Stack direction="row" spacing={0.5}>
              {(isImage(attachment) || isPdf(attachment)) && (
                <Tooltip title="Preview">
                  <IconButton size="small" aria-label={`Preview ${attachment.file_name}`} onClick={() => setPreview(attachment)}>
                    <VisibilityOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              <Tooltip title="Download">
                <IconButton
                  size="small"
                  aria-label={`Download ${attachment.file_name}`}
                  onClick={() => void download(attachment)}
                >
                  <DownloadIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              {canDelete(attachment) && (
                <Tooltip title="Delete">
                  <IconButton size="small" aria-label={`Delete ${attachment.file_name}`} onClick={() => setDeleting(attachment)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          </Box>
        ))}
      </Stack>
      {preview && (
        <Suspense fallback={null}>
          <AttachmentPreviewDialog attachment={preview} onClose={() => setPreview(null)} />
        </Suspense>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete attachment?"
          message={`${deleting.file_name} will be deleted for everyone on this ticket.`}
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            await onDelete(deleting);
            setDeleting(null);
          }}
        />
      )}
    </>
  );
}
