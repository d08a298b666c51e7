import {
  Alert,
  Box,
  Chip,
  DialogContentText,
  FormControl,
  FormControlLabel,
  FormLabel,
  ListSubheader,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import type { Import, MatchKey } from '@ops/contract/jobs/jobs.schemas';
import type { BulkNouns } from '../bulk-change';
import {
  columnOf,
  countText,
  exampleOf,
  mappedFields,
  missingRequired,
  remap,
  type ColumnMapping,
  type MatchChoice,
} from '../imports';

export interface ImportMappingStepProps {
  upload: Import;
  mapping: ColumnMapping;
  onMapping: (mapping: ColumnMapping) => void;
  match: MatchChoice;
  onMatch: (match: MatchChoice) => void;
  label: (field: string | null | undefined) => string;
  nouns: BulkNouns;
  canChange: boolean;
}

/** Step 2: choose the field each column of the file goes to, and how existing records are matched. */
export function ImportMappingStep({
  upload,
  mapping,
  onMapping,
  match,
  onMatch,
  label,
  nouns,
  canChange,
}: ImportMappingStepProps) {
  const required = new Set(upload.required);
  const missing = missingRequired(upload.required, mapping);
  const mapped = mappedFields(mapping);
  const fieldName = (field: string) => `${label(field)}${required.has(field) ? ' *' : ''}`;
  const matchOn = match.on && mapped.has(match.on) ? match.on : null;
  return (
    <Stack spacing={2.5}>
      <DialogContentText>
        <strong>{upload.file_name}</strong>: {countText(upload.rows)} {upload.rows === 1 ? 'row' : 'rows'},{' '}
        {upload.columns.length} {upload.columns.length === 1 ? 'column' : 'columns'}. Choose the field each column goes to; fields
        marked * are required for new {nouns.plural}.
      </DialogContentText>
      <Box role="group" aria-label="Column mapping">
        <Box
          sx={{
            display: { xs: 'none', sm: 'grid' },
            gridTemplateColumns: '1fr 1fr 1.2fr',
            gap: 2,
            pb: 1,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="caption" color="text.secondary">
            Column in the file
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Example
          </Typography>
          <Typography variant="caption" color="text.secondary">
            Import as
          </Typography>
        </Box>
        {upload.columns.map((column, index) => {
          const example = exampleOf(upload, column);
          return (
            <Box
              key={column}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1.2fr' },
                gap: { xs: 0.5, sm: 2 },
                alignItems: 'center',
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{column}</Typography>
              <Typography variant="body2" color="text.secondary" noWrap title={example} sx={{ minWidth: 0 }}>
                {example || '—'}
              </Typography>
              <TextField
                select
                size="small"
                fullWidth
                // The Choose file button is gone once the file is read: focus goes on to the first mapping.
                autoFocus={index === 0}
                value={mapping[column] ?? ''}
                onChange={(event) => onMapping(remap(mapping, column, event.target.value))}
                slotProps={{ htmlInput: { 'aria-label': `Import column “${column}” as` }, select: { displayEmpty: true } }}
              >
                <MenuItem value="">
                  <em>Don&apos;t import</em>
                </MenuItem>
                <ListSubheader>Fields</ListSubheader>
                {upload.fields.map((field) => {
                  const elsewhere = mapping[column] !== field ? columnOf(mapping, field) : '';
                  return (
                    <MenuItem key={field} value={field}>
                      {fieldName(field)}
                      {elsewhere && (
                        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                          (now from “{elsewhere}”)
                        </Typography>
                      )}
                    </MenuItem>
                  );
                })}
              </TextField>
            </Box>
          );
        })}
      </Box>
      <Box>
        <Typography variant="body2" sx={{ mb: 1 }} id="import-required">
          Required for new {nouns.plural}:
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} aria-labelledby="import-required">
          {upload.required.map((field) => {
            const ok = mapped.has(field);
            return (
              <Chip
                key={field}
                size="small"
                variant="outlined"
                color={ok ? 'success' : 'warning'}
                icon={ok ? <CheckCircleIcon /> : <ErrorOutlineIcon />}
                label={`${label(field)}: ${ok ? `from “${columnOf(mapping, field)}”` : 'not mapped'}`}
              />
            );
          })}
        </Stack>
        {missing.length > 0 && (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            No column goes to {missing.map((field) => label(field)).join(', ')}: rows that create a new {nouns.noun} will be
            invalid{upload.match_keys.length ? ', rows that update an existing one are fine' : ''}.
          </Alert>
        )}
      </Box>
      {upload.match_keys.length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 4 }}>
          <FormControl>
            <FormLabel id="import-match-on">Existing {nouns.plural}</FormLabel>
            <RadioGroup
              aria-labelledby="import-match-on"
              value={matchOn ?? ''}
              onChange={(event) => onMatch({ ...match, on: (event.target.value || null) as MatchKey | null })}
            >
              <FormControlLabel value="" control={<Radio size="small" />} label={`Always create new ${nouns.plural}`} />
              {upload.match_keys.map((key) => (
                <FormControlLabel
                  key={key}
                  value={key}
                  disabled={!mapped.has(key)}
                  control={<Radio size="small" />}
                  label={mapped.has(key) ? `Match on ${label(key)}` : `Match on ${label(key)} (map a column to it first)`}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {matchOn && (
            <FormControl>
              <FormLabel id="import-on-match">When a row matches</FormLabel>
              <RadioGroup
                aria-labelledby="import-on-match"
                value={match.onMatch}
                onChange={(event) => onMatch({ ...match, onMatch: event.target.value as 'update' | 'skip' })}
              >
                <FormControlLabel
                  value="update"
                  disabled={!canChange}
                  control={<Radio size="small" />}
                  label={canChange ? `Update the ${nouns.noun}` : `Update the ${nouns.noun} (you may not change ${nouns.plural})`}
                />
                <FormControlLabel value="skip" control={<Radio size="small" />} label="Skip the row" />
              </RadioGroup>
            </FormControl>
          )}
        </Stack>
      )}
    </Stack>
  );
}
