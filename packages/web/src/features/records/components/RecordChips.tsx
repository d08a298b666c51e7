import { Chip, Stack } from '@mui/material';
import { humaniseCode } from '../../../shared/humanise';

const GOOD = new Set(['ACTIVE', 'OPERATING']);
const BAD = new Set(['INACTIVE', 'CLOSED', 'DEMOBILISING']);

/** Status and type codes as chips under a record's title. */
export function RecordChips({ codes }: { codes: (string | null | undefined)[] }) {
  return (
    <Stack direction="row" component="span" sx={{ gap: 0.75, flexWrap: 'wrap', mt: 0.5 }}>
      {codes.filter((code): code is string => Boolean(code)).map((code) => (
        <Chip key={code} size="small" label={humaniseCode(code)} color={GOOD.has(code) ? 'success' : BAD.has(code) ? 'default' : 'primary'} variant={GOOD.has(code) ? 'filled' : 'outlined'} />
      ))}
    </Stack>
  );
}
