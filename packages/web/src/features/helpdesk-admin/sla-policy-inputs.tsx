import { useState } from 'react';
import { Box, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { WEEKDAY_KEYS } from '@ops/contract/helpdesk/helpdesk.values';
import type { CustomInputProps } from '../records/components/record-fields';

type Weekday = (typeof WEEKDAY_KEYS)[number];
export interface BusinessHoursValue {
  timezone: string;
  days: Partial<Record<Weekday, [string, string][]>>;
}

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** `09:00-12:00, 13:00-17:00` as the API's pairs; a half-typed piece is kept for the check to name. */
export function parseIntervals(text: string): [string, string][] {
  return text
    .split(',')
    .map((piece) => piece.trim())
    .filter(Boolean)
    .map((piece) => {
      const [from = '', to = ''] = piece.split(/\s*[-–]\s*/);
      return [from.trim(), to.trim()];
    });
}

export const formatIntervals = (spans: [string, string][] | undefined) => (spans ?? []).map(([from, to]) => `${from}-${to}`).join(', ');

export const parseHolidays = (text: string) => text.split(/[\s,]+/).filter(Boolean);

const asHours = (value: unknown): BusinessHoursValue =>
  value && typeof value === 'object' ? (value as BusinessHoursValue) : { timezone: '', days: {} };

/** A time zone and each day's working intervals; an empty day is closed. */
export function BusinessHoursInput({ value, onChange, label, errorsAt }: CustomInputProps) {
  const hours = asHours(value);
  // The typed text is kept as typed (a trailing comma, a half time); the value is parsed from it.
  const [texts, setTexts] = useState(() => Object.fromEntries(WEEKDAY_KEYS.map((day) => [day, formatIntervals(hours.days[day])])));
  const setDay = (day: Weekday, text: string) => {
    setTexts({ ...texts, [day]: text });
    const spans = parseIntervals(text);
    const days = { ...hours.days };
    if (spans.length) days[day] = spans;
    else delete days[day];
    onChange({ ...hours, days });
  };
  const dayless = errorsAt('days').filter((message) => !WEEKDAY_KEYS.some((day) => errorsAt(`days.${day}`).includes(message)));
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {label}: intervals like 09:00-12:00, 13:00-17:00; leave a day empty when closed.
      </Typography>
      <Stack spacing={2}>
        <TextField
          label="Time zone"
          required
          value={hours.timezone}
          onChange={(event) => onChange({ ...hours, timezone: event.target.value })}
          error={errorsAt('timezone').length > 0}
          helperText={errorsAt('timezone')[0] ?? 'An IANA zone, e.g. Australia/Sydney'}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
          {WEEKDAY_KEYS.map((day) => {
            const errors = errorsAt(`days.${day}`);
            return (
              <TextField
                key={day}
                label={WEEKDAY_NAMES[day]}
                value={texts[day] ?? ''}
                placeholder="Closed"
                onChange={(event) => setDay(day, event.target.value)}
                error={errors.length > 0}
                helperText={errors[0]}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            );
          })}
        </Box>
        {dayless.length > 0 && <FormHelperText error>{dayless[0]}</FormHelperText>}
      </Stack>
    </Box>
  );
}

/** Dates without business hours (public holidays), one per line or separated by commas. */
export function HolidaysInput({ value, onChange, label, errorsAt }: CustomInputProps) {
  const [text, setText] = useState(() => (Array.isArray(value) ? (value as string[]).join('\n') : ''));
  const errors = errorsAt();
  return (
    <TextField
      label={label}
      multiline
      minRows={3}
      fullWidth
      value={text}
      placeholder="2026-12-25"
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseHolidays(event.target.value));
      }}
      error={errors.length > 0}
      helperText={errors[0] ?? 'Dates as YYYY-MM-DD, one per line'}
    />
  );
}
