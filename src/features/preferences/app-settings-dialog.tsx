import { Button, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { usePreferences } from '../../lib/app-settings/app-settings';
import { useSavePreferences } from '../../lib/app-settings/save-preferences';
import { TimeZonePicker } from '../../lib/pickers';
import { FormField, SelectInput, SelectOptions } from '../../lib/resource-kit/form-field';
import { useFormAction } from '../../lib/resource-kit/use-form-action';
import { ModalDialog } from '../../lib/ui/modal-dialog';
import { showToast } from '../../lib/ui/toast-store';
import { DATE_FORMATS, NUMBER_FORMATS, type Preferences } from '../../shared/contracts/preferences';
import { preferencesT, usePreferencesT } from './strings';

const SAMPLE_DATE = new Date(Date.UTC(2026, 10, 24, 12));

function dateExample(format: (typeof DATE_FORMATS)[number], language: string): string {
  const locale = { locale: language === 'es' ? 'es-ES' : 'en-GB', iso: 'sv-SE', dmy: 'en-GB', mdy: 'en-US' }[format];
  const options: Intl.DateTimeFormatOptions =
    format === 'locale' ? { dateStyle: 'medium' } : { year: 'numeric', month: '2-digit', day: '2-digit' };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(SAMPLE_DATE);
}

function numberExample(format: (typeof NUMBER_FORMATS)[number], language: string): string {
  const locale = { locale: language === 'es' ? 'es-ES' : 'en-GB', dot: 'en-US', comma: 'de-DE' }[format];
  return new Intl.NumberFormat(locale).format(12345.67);
}

/** The app settings dialog of docs/product-rules.md section 2. */
export default function AppSettingsDialog({ onClose }: { onClose: () => void }) {
  const t = usePreferencesT();
  const query = usePreferences();
  return (
    <ModalDialog title={t('title')} onClose={onClose} maxWidth="lg">
      {query.data ? (
        <SettingsForm initial={query.data} onClose={onClose} />
      ) : (
        <Text color="fg.muted">{t('loading')}</Text>
      )}
    </ModalDialog>
  );
}

function SettingsForm({ initial, onClose }: { initial: Preferences; onClose: () => void }) {
  const t = usePreferencesT();
  const save = useSavePreferences();
  const [value, setValue] = useState<Preferences>(initial);
  const language = value.language ?? document.documentElement.lang;
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const set = <K extends keyof Preferences>(key: K, next: Preferences[K]) => setValue((v) => ({ ...v, [key]: next }));
  const {
    busy,
    error,
    run: submit,
  } = useFormAction(async () => {
    // Kept in the outbox (offline): its own toast says so, and the settings already apply here.
    const { queued } = await save(value);
    if (!queued) showToast({ status: 'success', title: preferencesT('saved') });
    onClose();
  });
  return (
    <chakra.form
      noValidate
      aria-label={t('title')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap={4}>
        <Text color="fg.muted" textStyle="sm">
          {t('intro')}
        </Text>
        <FormField label={t('language')}>
          {(control) => (
            <SelectInput
              {...control}
              value={value.language ?? ''}
              onChange={(event) => set('language', (event.target.value || null) as Preferences['language'])}
            >
              <option value="">{t('languageCompany')}</option>
              <option value="en">{t('english')}</option>
              <option value="es">{t('spanish')}</option>
            </SelectInput>
          )}
        </FormField>
        <FormField label={t('dateFormat')}>
          {(control) => (
            <SelectInput
              {...control}
              value={value.dateFormat}
              onChange={(event) => set('dateFormat', event.target.value as Preferences['dateFormat'])}
            >
              <SelectOptions
                values={DATE_FORMATS}
                label={(format) => t(`date.${format}`, { example: dateExample(format, language) })}
              />
            </SelectInput>
          )}
        </FormField>
        <FormField label={t('numberFormat')}>
          {(control) => (
            <SelectInput
              {...control}
              value={value.numberFormat}
              onChange={(event) => set('numberFormat', event.target.value as Preferences['numberFormat'])}
            >
              <SelectOptions
                values={NUMBER_FORMATS}
                label={(format) => t(`number.${format}`, { example: numberExample(format, language) })}
              />
            </SelectInput>
          )}
        </FormField>
        <FormField label={t('timeZone')}>
          {(control) => (
            <TimeZonePicker
              {...control}
              value={value.timeZone}
              onChange={(zone) => set('timeZone', zone)}
              placeholder={t('timeZoneDevice', { zone: deviceZone })}
            />
          )}
        </FormField>
        <FormField label={t('theme')}>
          {(control) => (
            <SelectInput
              {...control}
              value={value.theme}
              onChange={(event) => set('theme', event.target.value as Preferences['theme'])}
            >
              <option value="system">{t('theme.system')}</option>
              <option value="light">{t('theme.light')}</option>
              <option value="dark">{t('theme.dark')}</option>
            </SelectInput>
          )}
        </FormField>
        <chakra.fieldset borderWidth="1px" borderRadius="l2" padding={3}>
          <chakra.legend textStyle="sm" fontWeight="medium" paddingX={1}>
            {t('toasts')}
          </chakra.legend>
          <Stack gap={2}>
            {(['notifications', 'mail'] as const).map((kind) => (
              <chakra.label key={kind} display="flex" alignItems="center" gap={2} textStyle="sm">
                <input
                  type="checkbox"
                  checked={value.toasts[kind]}
                  onChange={(event) => set('toasts', { ...value.toasts, [kind]: event.target.checked })}
                />
                {t(`toasts.${kind}`)}
              </chakra.label>
            ))}
          </Stack>
        </chakra.fieldset>
        {error && (
          <Text role="alert" color="fg.error" textStyle="sm">
            {error}
          </Text>
        )}
        <Flex justifyContent="flex-end" gap={2}>
          <Button variant="outline" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" colorPalette="brand" loading={busy}>
            {t('save')}
          </Button>
        </Flex>
      </Stack>
    </chakra.form>
  );
}
