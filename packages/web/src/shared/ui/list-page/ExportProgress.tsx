import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { fileSize } from '../../file-size';
import type { CsvExportState } from './use-csv-export';

/** The bar under a list's toolbar while an export runs: rows and bytes so far, and Cancel. */
export function ExportProgress({ exporting }: { exporting: CsvExportState }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ px: 2, py: 1, bgcolor: 'action.hover', display: 'flex', alignItems: 'center', gap: 2 }}
    >
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="body2">
          Exporting… {exporting.progress.rows.toLocaleString()} rows · {fileSize(exporting.progress.bytes)}
        </Typography>
        <LinearProgress sx={{ mt: 0.5 }} />
      </Box>
      <Button size="small" onClick={() => exporting.abort.abort()}>
        Cancel
      </Button>
    </Box>
  );
}
