import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { Attachment } from '@ops/contract/helpdesk/helpdesk.schemas';
import { download, isPdf, useBlobUrl } from './attachment-files';

/** An image or PDF of a ticket, large, with Download and Close (loaded when a preview is first opened). */
export function AttachmentPreviewDialog({ attachment, onClose }: { attachment: Attachment; onClose: () => void }) {
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
