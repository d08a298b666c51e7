import { useCallback } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { identityEndpoints } from '../../api/endpoint-routes';
import type { AppSetting, appSettingPatchSchema } from '@ops/contract/identity/identity.schemas';
import { callEndpoint } from '../../api/http-client';
import { useToken } from '../session/use-token';
import { APP_SETTINGS_KEY } from './app-settings.key';
import { browserTimeZone, formatDateTime } from './settings-options';

/** The browser's time zone when the server can store it (an IANA name of at most 32 characters). */
function startingZone(): { timezone?: string } {
  const zone = browserTimeZone();
  return zone && zone.length <= 32 ? { timezone: zone } : {};
}

export type AppSettingPatch = z.input<typeof appSettingPatchSchema>;

export const appSettingsQuery = queryOptions({
  queryKey: APP_SETTINGS_KEY,
  // The browser's zone starts a new user's settings, so the first screen asks nothing (the prompt is for real changes).
  queryFn: ({ signal }) => callEndpoint(identityEndpoints.getAppSetting, { signal, query: startingZone() }),
  staleTime: Infinity,
});

export function useAppSettings() {
  const token = useToken();
  return useQuery({ ...appSettingsQuery, enabled: token !== null });
}

/** PATCH app-setting; the cached value changes at once so the theme follows without waiting. */
export function useUpdateAppSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AppSettingPatch) => callEndpoint(identityEndpoints.patchAppSetting, { body: patch }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: appSettingsQuery.queryKey });
      const previous = queryClient.getQueryData<AppSetting>(appSettingsQuery.queryKey);
      if (previous) queryClient.setQueryData<AppSetting>(appSettingsQuery.queryKey, { ...previous, ...patch } as AppSetting);
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(appSettingsQuery.queryKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(appSettingsQuery.queryKey, saved),
  });
}

/** Formats timestamps in the user's chosen date-time format and time zone. */
export function useDateTimeFormatter(): (value: string) => string {
  const settings = useAppSettings().data;
  const format = settings?.date_time_format ?? 'ISO-8601';
  const zone = settings?.timezone;
  // Stable while the settings are, so memoised grid columns do not rebuild on every render.
  return useCallback((value: string) => formatDateTime(value, format, zone), [format, zone]);
}
