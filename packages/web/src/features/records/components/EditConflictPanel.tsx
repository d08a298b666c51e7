import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { humaniseCode, WITHHELD_LABEL } from '../../../shared/humanise';
import { useRelationLabels } from '../../../shared/ui/list-page/relation-labels';
import { defaultSide, type FieldConflict, type Side } from './edit-conflict';

type Values = Record<string, unknown>;

export interface EditConflictPanelProps {
  conflicts: FieldConflict[];
  choices: Partial<Record<string, Side>>;
  onChoose: (field: string, side: Side) => void;
  /** The form's values (a relation's source may depend on another field). */
  values: Values;
  /**
   * How a value the standard inputs do not show is told (a template's list of steps): answers what to
   * show for that field's value, or undefined to show it the usual way.
   */
  describe?: (field: string, value: unknown) => ReactNode | undefined;
  /** What was saved, in the warning ("this rule"); a record by default. */
  noun?: string;
}

/**
 * After a 412: each field that differs between the user's form and the record as someone else saved
 * it, side by side, with the choice of keeping one's own value or taking theirs. Nothing typed is lost:
 * the user's values stay in the form until they choose otherwise.
 */
export function EditConflictPanel({ conflicts, choices, onChoose, values, describe, noun = 'record' }: EditConflictPanelProps) {
  const theme = useTheme();
  // On a phone each field is a block of its own (the two versions one above the other): a table of
  // four columns would scroll sideways and hide the choice.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const sideOf = (conflict: FieldConflict) => choices[conflict.field.name] ?? defaultSide(conflict);
  const valueOf = (conflict: FieldConflict, value: unknown) =>
    describe?.(conflict.field.name, value) ?? <ConflictValue conflict={conflict} value={value} values={values} />;
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Someone else saved this {noun} while you were editing it. Choose, field by field, what to keep, then save again.
      </Alert>
      {conflicts.length === 0 ? (
        <Typography variant="body2">Their changes and yours do not overlap: saving keeps both.</Typography>
      ) : phone ? (
        <Stack component="ul" aria-label="Changes to resolve" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {conflicts.map((conflict) => (
            <Box component="li" key={conflict.field.name} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
              <FieldName conflict={conflict} />
              <Box component="dl" sx={{ m: 0, mt: 1, '& dt': { typography: 'caption', color: 'text.secondary' }, '& dd': { m: 0, mb: 1 } }}>
                <dt>Their version</dt>
                <dd>{valueOf(conflict, conflict.theirs)}</dd>
                <dt>Your version</dt>
                <dd>{valueOf(conflict, conflict.mine)}</dd>
              </Box>
              <KeepChoice conflict={conflict} side={sideOf(conflict)} onChoose={onChoose} />
            </Box>
          ))}
        </Stack>
      ) : (
        <Table size="small" aria-label="Changes to resolve">
          <TableHead>
            <TableRow>
              <TableCell component="th">Field</TableCell>
              <TableCell component="th">Their version</TableCell>
              <TableCell component="th">Your version</TableCell>
              <TableCell component="th">Keep</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {conflicts.map((conflict) => (
              <TableRow key={conflict.field.name}>
                <TableCell>
                  <FieldName conflict={conflict} />
                </TableCell>
                <TableCell>{valueOf(conflict, conflict.theirs)}</TableCell>
                <TableCell>{valueOf(conflict, conflict.mine)}</TableCell>
                <TableCell>
                  <KeepChoice conflict={conflict} side={sideOf(conflict)} onChoose={onChoose} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

function FieldName({ conflict }: { conflict: FieldConflict }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {conflict.field.label}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {conflict.changedByThem && conflict.changedByMe ? 'Changed by both of you' : conflict.changedByThem ? 'Changed by them' : 'Changed by you'}
      </Typography>
    </>
  );
}

function KeepChoice({ conflict, side, onChoose }: { conflict: FieldConflict; side: Side; onChoose: EditConflictPanelProps['onChoose'] }) {
  const { field } = conflict;
  return (
    <RadioGroup
      row
      name={`keep-${field.name}`}
      aria-label={`Keep for ${field.label}`}
      value={side}
      onChange={(event) => onChoose(field.name, event.target.value as Side)}
    >
      <FormControlLabel value="theirs" control={<Radio size="small" />} label="Theirs" />
      <FormControlLabel value="mine" control={<Radio size="small" />} label="Mine" />
    </RadioGroup>
  );
}

const blank = (value: unknown) =>
  value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0);

/** One side's value as the form's input would show it: names for references, labels for choices. */
function ConflictValue({ conflict, value, values }: { conflict: FieldConflict; value: unknown; values: Values }) {
  const { field } = conflict;
  if (field.kind === 'relation') return <RelationValue conflict={conflict} value={value} values={values} />;
  if (blank(value))
    return (
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        Empty
      </Typography>
    );
  const text =
    field.kind === 'boolean'
      ? value
        ? 'Yes'
        : 'No'
      : field.kind === 'enum'
        ? humaniseCode(String(value))
        : field.kind === 'custom'
          ? 'Changed'
          : String(value);
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {text}
    </Typography>
  );
}

function RelationValue({ conflict, value, values }: { conflict: FieldConflict; value: unknown; values: Values }) {
  const { field } = conflict;
  const source = field.kind === 'relation' ? (typeof field.source === 'function' ? field.source(values) : field.source) : null;
  const ids = blank(value) ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
  const labels = useRelationLabels(source ?? undefined, ids);
  if (!ids.length)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        Empty
      </Typography>
    );
  return (
    <Typography variant="body2">
      {ids.map((id) => labels.data?.get(id) ?? (labels.isSuccess ? WITHHELD_LABEL : '…')).join(', ')}
    </Typography>
  );
}
