import { Chip, Stack } from '@mui/material';
import { humaniseCode } from '../../../shared/humanise';

const GOOD = new Set(['ACTIVE', 'OPERATING']);
const BAD = new Set(['INACTIVE', 'CLOSED', 'DEMOBILISING']);

/** Status and type codes (shown humanised) and identifiers (shown as they are) as chips under a record's title. */
export function RecordChips({ codes = [], tags = [] }: { codes?: (string | null | undefined)[]; tags?: (string | null | undefined)[] }) {
  return (
    <Stack direction="row" component="span" sx={{ gap: 0.75, flexWrap: 'wrap', mt: 0.5 }}>
      {codes.filter((code): code is string => Boolean(code)).map((code) => (
        <Chip key={code} size="small" label={humaniseCode(code)} color={GOOD.has(code) ? 'success' : BAD.has(code) ? 'default' : 'primary'} variant={GOOD.has(code) ? 'filled' : 'outlined'} />
      ))}
      {tags.filter((tag): tag is string => Boolean(tag)).map((tag) => (
        <Chip key={`tag-${tag}`} size="small" label={tag} variant="outlined" sx={{ fontFamily: 'monospace' }} />
      ))}
    </Stack>
  );
}
