import { Box, Button, Flex, IconButton, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FormField, SelectInput, TextInput } from '../../lib/resource-kit/form-field';
import { useSession } from '../../lib/session/use-session';
import { showToast } from '../../lib/ui/toast-store';
import { applyViewQuery, viewQueryOf } from './list-filters';
import {
  deleteView,
  MAX_SAVED_VIEWS,
  MAX_VIEW_NAME,
  readViews,
  savedViewsKey,
  saveView,
  type SavedView,
  type ViewStorage,
} from './saved-views';
import { useShipmentsT } from './strings';

/** Local storage, or nothing where the browser refuses it (views then last for the visit). */
function storageOf(): ViewStorage {
  try {
    return window.localStorage;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value) };
  }
}

/** The saved views of the shipment list: open one, save the current filters and search under a name, delete. */
export function SavedViewsMenu() {
  const t = useShipmentsT();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const key = user ? savedViewsKey({ companyId: user.companyId, userId: user._id }) : null;
  const storage = storageOf();
  const [views, setViews] = useState<SavedView[]>(() => (key ? readViews(storage, key) : []));
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  if (!key) return null;
  const current = viewQueryOf(params);
  const active = views.find((view) => view.query === current);

  const save = () => {
    const result = saveView(storage, key, name, current);
    if (!result.ok) {
      setError(result.reason === 'empty-name' ? t('viewNameRequired') : t('tooManyViews', { max: MAX_SAVED_VIEWS }));
      return;
    }
    setViews(result.views);
    setNaming(false);
    setError(undefined);
    showToast({ status: 'success', title: t('viewSaved', { name: name.trim() }) });
    setName('');
  };

  return (
    <Stack gap={2} data-testid="saved-views">
      <Flex gap={2} wrap="wrap" alignItems="flex-end">
        {views.length > 0 && (
          <Box flex="1" minWidth="12rem" maxWidth="20rem">
            <FormField label={t('views')}>
              {(control) => (
                <SelectInput
                  {...control}
                  value={active?.name ?? ''}
                  onChange={(event) => {
                    const view = views.find((v) => v.name === event.target.value);
                    if (view) setParams((now) => applyViewQuery(now, view.query), { replace: false });
                  }}
                >
                  <option value="">{t('chooseView')}</option>
                  {views.map((view) => (
                    <option key={view.name} value={view.name}>
                      {view.name}
                    </option>
                  ))}
                </SelectInput>
              )}
            </FormField>
          </Box>
        )}
        {active && (
          <IconButton
            variant="ghost"
            aria-label={t('deleteView', { name: active.name })}
            onClick={() => {
              setViews(deleteView(storage, key, active.name));
              showToast({ status: 'success', title: t('viewDeleted', { name: active.name }) });
            }}
          >
            ✕
          </IconButton>
        )}
        {!naming && (
          <Button variant="outline" onClick={() => setNaming(true)} disabled={!current}>
            {t('saveView')}
          </Button>
        )}
      </Flex>
      {naming && (
        <chakra.form
          noValidate
          aria-label={t('saveView')}
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Flex gap={2} wrap="wrap" alignItems="flex-end">
            <Box flex="1" minWidth="12rem" maxWidth="20rem">
              <FormField label={t('viewName')} error={error} hint={t('viewsHint')}>
                {(control) => (
                  <TextInput
                    {...control}
                    autoFocus
                    maxLength={MAX_VIEW_NAME}
                    value={name}
                    onChange={(event) => setName(event.target.value)}
                  />
                )}
              </FormField>
            </Box>
            <Button type="submit" colorPalette="brand">
              {t('viewSave')}
            </Button>
            <Button variant="ghost" onClick={() => setNaming(false)}>
              {t('cancel')}
            </Button>
          </Flex>
        </chakra.form>
      )}
      {!naming && views.length === 0 && current && (
        <Text textStyle="xs" color="fg.muted">
          {t('viewsHint')}
        </Text>
      )}
    </Stack>
  );
}
