/**
 * The signed-in user's app settings (`/profile/preferences`), applied to the whole app: language, date
 * and number formats, time zone, theme; and read by whoever raises a toast for a notification.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DEFAULT_PREFERENCES, preferencesSchema, type Preferences } from '../../shared/contracts/preferences';
import { apiCall } from '../api/api-client';
import { setFormatPreferences } from '../i18n/format';
import { chooseLanguage } from '../i18n/i18n';
import { setColorMode } from '../ui/color-mode';

export const PREFERENCES_KEY = ['preferences'] as const;

let current: Preferences = DEFAULT_PREFERENCES;

/** The settings in force (the defaults until they load). */
export function currentPreferences(): Preferences {
  return current;
}

/** Applies the settings; resolves once the language they name is showing (its strings loaded). */
export function applyPreferences(preferences: Preferences): Promise<void> {
  current = preferences;
  setFormatPreferences({
    dateFormat: preferences.dateFormat,
    numberFormat: preferences.numberFormat,
    timeZone: preferences.timeZone,
  });
  // "As the system" leaves the account menu's quick switch in charge on this device.
  if (preferences.theme !== 'system') setColorMode(preferences.theme);
  return preferences.language ? chooseLanguage(preferences.language) : Promise.resolve();
}

export const preferencesQuery = {
  queryKey: PREFERENCES_KEY,
  queryFn: () => apiCall('iamserver', '/profile/preferences', preferencesSchema),
};

/** Loads the settings once signed in and applies them; mounted by the signed-in frame. */
export function usePreferencesSync(): void {
  const query = useQuery(preferencesQuery);
  useEffect(() => {
    if (query.data) void applyPreferences(query.data);
  }, [query.data]);
}

export function usePreferences() {
  return useQuery(preferencesQuery);
}
