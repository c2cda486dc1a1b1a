import { Box, Button, Flex, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { usePreferences } from '../../../lib/app-settings/app-settings';
import { useSavePreferences } from '../../../lib/app-settings/save-preferences';
import { TimeZonePicker } from '../../../lib/pickers';
import { FormField, SelectInput } from '../../../lib/resource-kit/form-field';
import { useFormAction } from '../../../lib/resource-kit/use-form-action';
import { showToast } from '../../../lib/ui/toast-store';
import type { Preferences } from '../../../shared/contracts/preferences';
import { profileT, useProfileT } from './strings';

/**
 * The own profile's language and time zone: the same per-user settings as the App settings dialog
 * (`/profile/preferences`), applied at once when saved. The dialog keeps the rest (formats, theme, toasts).
 */
export function LanguageZonePanel() {
  const preferences = usePreferences();
  return preferences.data ? <LanguageZoneForm initial={preferences.data} /> : null;
}

function LanguageZoneForm({ initial }: { initial: Preferences }) {
  const t = useProfileT();
  const save = useSavePreferences();
  const [language, setLanguage] = useState(initial.language);
  const [timeZone, setTimeZone] = useState(initial.timeZone);
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const dirty = language !== initial.language || timeZone !== initial.timeZone;
  const {
    busy,
    error,
    run: submit,
  } = useFormAction(async () => {
    const { queued } = await save({ ...initial, language, timeZone });
    if (!queued) showToast({ status: 'success', title: profileT('saved') });
  });
  return (
    <chakra.form
      noValidate
      aria-label={t('lz.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l3"
      padding={6}
    >
      <Heading as="h3" size="md">
        {t('lz.title')}
      </Heading>
      <Text textStyle="sm" color="fg.muted" marginBottom={4}>
        {t('languageTimeZone')}
      </Text>
      <Stack gap={4}>
        <Flex gap={4} direction={{ base: 'column', sm: 'row' }}>
          <FormField label={t('lz.language')}>
            {(control) => (
              <SelectInput
                {...control}
                value={language ?? ''}
                onChange={(event) => setLanguage((event.target.value || null) as Preferences['language'])}
              >
                <option value="">{t('lz.companyDefault')}</option>
                <option value="en">English</option>
                <option value="es">Español</option>
              </SelectInput>
            )}
          </FormField>
          <FormField label={t('lz.timeZone')}>
            {(control) => (
              <TimeZonePicker
                {...control}
                value={timeZone}
                onChange={(zone) => setTimeZone(zone)}
                placeholder={t('lz.device', { zone: deviceZone })}
              />
            )}
          </FormField>
        </Flex>
        {error && (
          <Text role="alert" color="fg.error" textStyle="sm">
            {error}
          </Text>
        )}
        <Box alignSelf="flex-end">
          <Button type="submit" colorPalette="brand" loading={busy} disabled={!dirty}>
            {t('save')}
          </Button>
        </Box>
      </Stack>
    </chakra.form>
  );
}
