/**
 * Saving the user's app settings (`PUT /profile/preferences`), apart from app-settings.ts so that only the
 * screens that save them (the App settings dialog, the profile) carry it, not the first load.
 */
import { useQueryClient } from '@tanstack/react-query';
import { preferencesSchema, type Preferences } from '../../shared/contracts/preferences';
import { apiCall } from '../api/api-client';
import { forgetLanguageChoice } from '../i18n/i18n';
import { newIdempotencyKey } from '../ui/idempotency-key';
import { applyPreferences, PREFERENCES_KEY } from './app-settings';

export function useSavePreferences() {
  const client = useQueryClient();
  return async (preferences: Preferences) => {
    const saved = await apiCall('iamserver', '/profile/preferences', preferencesSchema, {
      method: 'PUT',
      body: JSON.stringify(preferences),
      headers: { 'Idempotency-Key': newIdempotencyKey() },
    });
    client.setQueryData(PREFERENCES_KEY, saved);
    // Awaited: the caller's "Settings saved" is then said in the language just chosen (issue 24).
    await applyPreferences(saved);
    // Saving "the company's default" undoes an earlier choice on this device too (loading the settings
    // does not: a language picked on the sign-in page carries into the session).
    if (saved.language === null) await forgetLanguageChoice();
    return saved;
  };
}
