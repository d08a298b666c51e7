import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { Attachment } from '@ops/contract/helpdesk/helpdesk.schemas';
import { apiBlobUrl } from '../../../api/http-client';
import { ConfirmDialog } from '../../../shared/ui/LazyConfirmDialog';
import { fileSize } from '../../../shared/file-size';

/** The API answers absolute download URLs; fetch them on this origin (the proxy may rewrite scheme or host). */
const downloadPath = (attachment: Attachment) => {
  const url = new URL(attachment.attachment, window.location.origin);
  return url.pathname + url.search;
};

const isImage = (attachment: Attachment) => attachment.content_type === 'image/jpeg' || attachment.content_type === 'image/png';
const isPdf = (attachment: Attachment) => attachment.content_type === 'application/pdf';

/** The file behind an authenticated download URL, as an object URL that lives as long as the component. */
function useBlobUrl(attachment: Attachment, enabled: boolean): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    apiBlobUrl(downloadPath(attachment), controller.signal).then(
      (url) => {
        objectUrl = url;
        setState({ url, failed: false });
      },
      () => !controller.signal.aborted && setState({ url: null, failed: true }),
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [attachment, enabled]);
  return state;
}

async function download(attachment: Attachment) {
  const url = await apiBlobUrl(downloadPath(attachment));
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.file_name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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

function PreviewDialog({ attachment, onClose }: { attachment: Attachment; onClose: () => void }) {
  const { url, failed } = useBlobUrl(attachment, true);
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="attachment-preview-title">
      <DialogTitle id="attachment-preview-title" sx={{ overflowWrap: 'anywhere' }}>
        {attachment.file_name}
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', justifyContent: 'center', minHeight: 300 }}>
        {failed ? (
          <Typography color="error">The file could not be loaded.</Typography>
        ) : !url ? (
          <Skeleton variant="rounded" width="100%" height={400} />
        ) : isPdf(attachment) ? (
          // The browser's own PDF viewer; where there is none, the object's content offers the download.
          <Box
            component="object"
            data={url}
            type="application/pdf"
            aria-label={attachment.file_name}
            sx={{ width: '100%', height: '75vh', border: 0 }}
          >
            <Stack
              spacing={1.5}
              sx={{ alignItems: 'center', justifyContent: 'center', height: '100%', textAlign: 'center', p: 3 }}
            >
              <PictureAsPdfOutlinedIcon color="error" sx={{ fontSize: 56 }} />
              <Typography>This browser cannot show PDFs here.</Typography>
              <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download(attachment)}>
                Download {attachment.file_name}
              </Button>
            </Stack>
          </Box>
        ) : (
          <Box
            component="img"
            src={url}
            alt={attachment.file_name}
            sx={{ maxWidth: '100%', maxHeight: '75vh', objectFit: 'contain' }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<DownloadIcon />} onClick={() => void download(attachment)}>
          Download
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
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
      {preview && <PreviewDialog attachment={preview} onClose={() => setPreview(null)} />}
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
