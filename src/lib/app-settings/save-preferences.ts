/**
 * Saving the user's app settings (`PUT /profile/preferences`), apart from app-settings.ts so that only the
 * screens that save them (the App settings dialog, the profile) carry it, not the first load.
 *
 * The save goes through the outbox (issue 24): offline, the settings apply on this device at once and reach
 * the account when the connection is back. Every save replaces the whole object, so the outbox keys them on
 * one record (`own`): two saves made offline are sent in order, and the last one wins.
 */
import { useQueryClient } from '@tanstack/react-query';
import { preferencesSchema, type Preferences } from '../../shared/contracts/preferences';
import { forgetLanguageChoice } from '../i18n/i18n';
import { isQueuedWrite } from '../outbox/queued-write-error';
import { sendWrite } from '../outbox/write';
import { applyPreferences, PREFERENCES_KEY } from './app-settings';
import { appSettingsT } from './strings';

/** What became of a save: `queued` when it waits in the outbox (it already applies on this device). */
export interface SavedPreferences {
  preferences: Preferences;
  queued: boolean;
}

export function useSavePreferences() {
  const client = useQueryClient();
  return async (preferences: Preferences): Promise<SavedPreferences> => {
    let saved = preferences;
    let queued = false;
    try {
      saved = await sendWrite(
        {
          service: 'iamserver',
          path: '/profile/preferences',
          method: 'PUT',
          body: { ...preferences },
          resource: PREFERENCES_KEY[0],
          recordId: 'own',
          label: appSettingsT('outboxLabel'),
        },
        preferencesSchema,
      );
    } catch (error) {
      if (!isQueuedWrite(error)) throw error;
      queued = true;
    }
    client.setQueryData(PREFERENCES_KEY, saved);
    // Awaited: the caller's "Settings saved" is then said in the language just chosen (issue 24).
    await applyPreferences(saved);
    // Saving "the company's default" undoes an earlier choice on this device too (loading the settings
    // does not: a language picked on the sign-in page carries into the session).
    if (saved.language === null) await forgetLanguageChoice();
    return { preferences: saved, queued };
  };
}
