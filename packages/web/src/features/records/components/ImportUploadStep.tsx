import { useState, type DragEvent, type RefObject } from 'react';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';

export interface ImportUploadStepProps {
  /** A phone has no drag and drop: the zone then only offers the file chooser. */
  phone: boolean;
  busy: boolean;
  /** The hidden file input (the dialog's state clears it after each upload). */
  input: RefObject<HTMLInputElement | null>;
  onChoose: (file: File | undefined) => Promise<void>;
}

/** Step 1: drop a CSV or XLSX file, or choose one. */
export function ImportUploadStep({ phone, busy, input, onChoose }: ImportUploadStepProps) {
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void onChoose(event.dataTransfer.files[0]);
  };

  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="import-drop-zone"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: { xs: 3, sm: 5 },
        textAlign: 'center',
      }}
    >
      <UploadFileIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
      <Typography sx={{ mt: 1, fontWeight: 600 }}>
        {phone ? 'Choose a CSV or XLSX file' : 'Drop a CSV or XLSX file here'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The first row names the columns. Nothing is written until you have checked the file.
      </Typography>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        aria-label="File to import"
        onChange={(event) => void onChoose(event.target.files?.[0])}
      />
      <Button
        variant="contained"
        onClick={() => input.current?.click()}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <UploadFileIcon />}
      >
        {busy ? 'Reading file…' : 'Choose file'}
      </Button>
    </Box>
  );
}
