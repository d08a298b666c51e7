import {
  Alert,
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import type { DryRun, Import } from '@ops/contract/jobs/jobs.schemas';
import type { BulkNouns } from '../bulk-change';
import { columnOf, countText, invalidRowsCsv, invalidRowsFileName, rowsToWrite, type ColumnMapping } from '../imports';

/** Problems listed in the dialog; all of them are in the downloaded file. */
const LISTED_PROBLEMS = 100;

function download(text: string, fileName: string) {
  const href = URL.createObjectURL(new Blob([`\ufeff${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** Step 3: what a dry run of the import says (rows to create, update, skip and every invalid row). */
export function ImportCheckStep({
  upload,
  dry,
  mapping,
  label,
  nouns,
}: {
  upload: Import;
  dry: DryRun;
  mapping: ColumnMapping;
  label: (field: string | null | undefined) => string;
  nouns: BulkNouns;
}) {
  const counts = [
    { name: 'To create', value: dry.create, color: 'success.main' },
    { name: 'To update', value: dry.update, color: 'info.main' },
    { name: 'To skip', value: dry.skip, color: 'text.secondary' },
    { name: 'Invalid', value: dry.invalid_count, color: dry.invalid_count ? 'error.main' : 'text.secondary' },
  ];
  const listed = dry.invalid.slice(0, LISTED_PROBLEMS);
  return (
    <Stack spacing={2.5}>
      <Box role="status" aria-live="polite">
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          Checked {countText(upload.rows)} {upload.rows === 1 ? 'row' : 'rows'} of {upload.file_name}. Nothing has been written
          yet.
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1.5 }}>
          {counts.map((count) => (
            <Box key={count.name} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
              <Typography variant="h5" component="p" sx={{ color: count.color, fontWeight: 600 }}>
                {countText(count.value)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {count.name}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
      {dry.invalid_count > 0 ? (
        <Box>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', gap: 1, mb: 1 }}
          >
            <Typography variant="subtitle2" component="h3" id="import-invalid-rows">
              {dry.invalid_count === 1 ? '1 invalid row' : `${countText(dry.invalid_count)} invalid rows`}, left out of the import
            </Typography>
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              onClick={() => download(invalidRowsCsv(dry.invalid, mapping, label), invalidRowsFileName(upload.file_name))}
            >
              Download invalid rows (CSV)
            </Button>
          </Stack>
          <TableContainer sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-labelledby="import-invalid-rows">
              <TableHead>
                <TableRow>
                  <TableCell>Row</TableCell>
                  <TableCell>Field</TableCell>
                  <TableCell>Message</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {listed.map((problem, index) => (
                  <TableRow key={`${problem.row}-${problem.field ?? ''}-${index}`}>
                    <TableCell>{problem.row}</TableCell>
                    <TableCell>
                      {label(problem.field) || '—'}
                      {columnOf(mapping, problem.field) && (
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          column “{columnOf(mapping, problem.field)}”
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{problem.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {dry.invalid.length > listed.length && (
            <Typography variant="caption" color="text.secondary">
              Showing the first {countText(listed.length)} of {countText(dry.invalid.length)} problems; the download has them all.
            </Typography>
          )}
        </Box>
      ) : (
        <Alert severity="success">Every row is valid.</Alert>
      )}
      {rowsToWrite(dry) === 0 && (
        <Alert severity="info">There is nothing to import: no row creates or updates a {nouns.noun}.</Alert>
      )}
    </Stack>
  );
}
