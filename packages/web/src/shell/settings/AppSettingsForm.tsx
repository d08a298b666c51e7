import { useMemo } from 'react';
import { useSnackbar } from '../../shared/ui/snackbar';
import { Autocomplete, FormControl, FormLabel, InputLabel, MenuItem, Select, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography, Box, Tooltip } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import type { AppSetting } from '@ops/contract/identity/identity.schemas';
import { ApiError } from '../../api/http-client';
import { useAppSettings, useUpdateAppSettings, type AppSettingPatch } from '../../shared/settings/app-settings.queries';
import {
  DATE_TIME_FORMATS,
  dateTimeSample,
  DISPLAY_DENSITIES,
  LANDING_PAGES,
  LANGUAGES,
  THEME_COLOURS,
  THEME_MODES,
  timeZones,
} from '../../shared/settings/settings-options';

/** Keeps a saved code the app does not offer selectable, so the control never shows blank. */
function withCurrent<T extends { value: string; label: string }>(options: readonly T[], current: string | undefined): { value: string; label: string }[] {
  return current && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : [...options];
}

/**
 * The application settings, saved field by field with PATCH app-setting and
 * applied at once (the cached settings change before the request returns).
 */
export function AppSettingsForm() {
  const settings = useAppSettings();
  const update = useUpdateAppSettings();
  const { enqueueSnackbar } = useSnackbar();
  const zones = useMemo(timeZones, []);
  const value = settings.data;

  const save = (patch: AppSettingPatch) =>
    update.mutate(patch, {
      onError: (error) => enqueueSnackbar(error instanceof ApiError ? `Settings not saved: ${error.message}` : 'Settings not saved. Please try again.', { variant: 'error' }),
    });

  if (!value) return <Typography color="text.secondary">{settings.isError ? 'Settings could not be loaded.' : 'Loading settings…'}</Typography>;

  const select = (id: keyof AppSetting, label: string, options: { value: string; label: string }[], hint?: (v: string) => string) => (
    <FormControl fullWidth size="small">
      <InputLabel id={`setting-${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`setting-${id}-label`}
        label={label}
        value={String(value[id])}
        onChange={(event) => save({ [id]: event.target.value } as AppSettingPatch)}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
            {hint && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {hint(option.value)}
              </Typography>
            )}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );

  return (
    <Stack spacing={3}>
      <FormControl>
        <FormLabel id="setting-theme-mode" sx={{ mb: 1 }}>
          Theme mode
        </FormLabel>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-labelledby="setting-theme-mode"
          value={value.theme_mode}
          onChange={(_, mode: string | null) => mode && save({ theme_mode: mode })}
        >
          {withCurrent(THEME_MODES, value.theme_mode).map((mode) => (
            <ToggleButton key={mode.value} value={mode.value} sx={{ px: 2 }}>
              {mode.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </FormControl>
      <FormControl>
        <FormLabel id="setting-theme-colour" sx={{ mb: 1 }}>
          Theme colour
        </FormLabel>
        <Stack direction="row" spacing={1} useFlexGap role="radiogroup" aria-labelledby="setting-theme-colour" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {THEME_COLOURS.map((colour) => {
            const checked = value.theme_colour === colour.value;
            return (
              <Tooltip key={colour.value} title={colour.label}>
                <Box
                  component="button"
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  aria-label={colour.label}
                  onClick={() => save({ theme_colour: colour.value })}
                  sx={(theme) => ({
                    width: 36,
                    height: 36,
                    borderRadius: '50%',
                    border: 2,
                    borderColor: checked ? 'text.primary' : 'transparent',
                    bgcolor: theme.palette.mode === 'dark' ? colour.dark : colour.main,
                    color: theme.palette.mode === 'dark' ? '#000' : '#fff',
                    cursor: 'pointer',
                    display: 'grid',
                    placeItems: 'center',
                    p: 0,
                  })}
                >
                  {checked && <CheckIcon fontSize="small" />}
                </Box>
              </Tooltip>
            );
          })}
        </Stack>
      </FormControl>
      {select('display_density', 'Display density', withCurrent(DISPLAY_DENSITIES, value.display_density))}
      {select(
        'date_time_format',
        'Date-time format',
        DATE_TIME_FORMATS.map((format) => ({ value: format, label: format })),
        dateTimeSample,
      )}
      {select('language', 'Language', withCurrent(LANGUAGES, value.language))}
      <Autocomplete
        options={zones}
        value={value.timezone}
        disableClearable
        onChange={(_, zone) => zone && save({ timezone: zone })}
        renderInput={(params) => <TextField {...params} label="Timezone" size="small" />}
      />
      {select('landing_page', 'Landing page', withCurrent(LANDING_PAGES, value.landing_page))}
    </Stack>
  );
}
