import { Box, Button, Flex, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FormField, TextInput } from '../../lib/resource-kit/form-field';
import { NotAllowedScreen } from '../../lib/resource-kit/not-allowed-screen';
import { withPermission, useCan } from '../../lib/resource-kit/permission-gate';
import { formMessageOf } from '../../lib/resource-kit/server-field-errors';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { PageHeader } from '../../lib/ui/page-header';
import { showToast } from '../../lib/ui/toast-store';
import { CONTACT_TAG_NAME_MAX, type ContactTag } from '../../shared/contracts/contacts';
import { contactsResource, contactTagsResource, useContactTags } from './api';
import { contactsT, useContactsT } from './strings';
import { TagPill } from './tag-pill';

/**
 * /contacts/tags: the company's contact tags: add one with its colour, delete one (it leaves every
 * contact, so it asks first). Tags are contacts' own: adding one needs `create`, deleting one `delete`,
 * and a role with neither is not let in.
 */
export const ContactTagsScreen = withPermission('contacts', 'read', TagsGate);

function TagsGate() {
  const canCreate = useCan('contacts', 'create');
  const canDelete = useCan('contacts', 'delete');
  return canCreate || canDelete ? <ContactTags canCreate={canCreate} canDelete={canDelete} /> : <NotAllowedScreen />;
}

function ContactTags({ canCreate, canDelete }: { canCreate: boolean; canDelete: boolean }) {
  const t = useContactsT();
  const client = useQueryClient();
  const tagsQuery = useContactTags();
  const tags = tagsQuery.data ?? [];
  const [name, setName] = useState('');
  const [color, setColor] = useState('#1d4ed8');
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState<ContactTag>();
  const [busy, setBusy] = useState(false);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: contactTagsResource.keys.all });
    void client.invalidateQueries({ queryKey: contactsResource.keys.all });
  };
  const add = async () => {
    setError(undefined);
    try {
      await contactTagsResource.create({ name: name.trim(), color });
      setName('');
      refresh();
      showToast({ status: 'success', title: contactsT('tagAdded') });
    } catch (failure) {
      setError(formMessageOf(failure));
    }
  };
  const remove = async (tag: ContactTag) => {
    setBusy(true);
    setError(undefined);
    try {
      await contactTagsResource.remove(tag._id);
      setDeleting(undefined);
      refresh();
      showToast({ status: 'success', title: contactsT('tagDeleted') });
    } catch (failure) {
      setError(formMessageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box as="section" aria-label={t('tagsTitle')} maxWidth="2xl">
      <Link asChild color="brand.fg" fontWeight="medium" textStyle="sm" marginBottom={3}>
        <RouterLink to="/contacts">
          <span aria-hidden="true">← </span>
          {t('backToContacts')}
        </RouterLink>
      </Link>
      <PageHeader title={t('tagsTitle')} subtitle={t('tagsSubtitle')} />
      <Stack gap={4} bg="bg.panel" borderWidth="1px" borderRadius="l3" padding={{ base: 4, md: 6 }}>
        {tagsQuery.isPending && <Text color="fg.muted">{t('tagsLoading')}</Text>}
        {!tagsQuery.data && tagsQuery.error && (
          <Text role="alert" color="fg.error" textStyle="sm">
            {t('namesFailed', { message: formMessageOf(tagsQuery.error) })}
          </Text>
        )}
        {tagsQuery.data &&
          (tags.length === 0 ? (
            <Text color="fg.muted">{t('noTags')}</Text>
          ) : (
            <chakra.ul listStyleType="none" aria-label={t('tagsTitle')}>
              {tags.map((tag) => (
                <chakra.li
                  key={tag._id}
                  display="flex"
                  justifyContent="space-between"
                  alignItems="center"
                  gap={2}
                  paddingY={1}
                >
                  <TagPill tag={tag} />
                  {canDelete && (
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t('deleteTag', { name: tag.name })}
                      onClick={() => setDeleting(tag)}
                    >
                      {t('delete')}
                    </Button>
                  )}
                </chakra.li>
              ))}
            </chakra.ul>
          ))}
        {canCreate && (
          <chakra.form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (name.trim()) void add();
            }}
          >
            <Flex gap={2} alignItems="flex-end" wrap="wrap">
              <Box flex="1" minWidth="12rem">
                <FormField label={t('tagName')}>
                  {(control) => (
                    <TextInput
                      {...control}
                      value={name}
                      maxLength={CONTACT_TAG_NAME_MAX}
                      onChange={(e) => setName(e.target.value)}
                    />
                  )}
                </FormField>
              </Box>
              <Box>
                <FormField label={t('tagColor')}>
                  {(control) => (
                    <chakra.input
                      {...control}
                      type="color"
                      value={color}
                      onChange={(e) => setColor(e.target.value)}
                      width="12"
                      height="10"
                    />
                  )}
                </FormField>
              </Box>
              <Button type="submit" colorPalette="brand" disabled={!name.trim()}>
                {t('addTag')}
              </Button>
            </Flex>
          </chakra.form>
        )}
        {error && !deleting && (
          <Text role="alert" color="fg.error" textStyle="sm">
            {error}
          </Text>
        )}
      </Stack>
      {deleting && (
        <ConfirmDialog
          title={t('deleteTagTitle', { name: deleting.name })}
          body={t('deleteTagQuestion')}
          confirmLabel={t('deleteTagConfirm')}
          cancelLabel={t('cancel')}
          busy={busy}
          error={error}
          onConfirm={() => void remove(deleting)}
          onClose={() => {
            setDeleting(undefined);
            setError(undefined);
          }}
        />
      )}
    </Box>
  );
}
