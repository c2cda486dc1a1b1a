import { Box, Button, Flex, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../../lib/i18n/format';
import { withPermission, useCan } from '../../../lib/resource-kit/permission-gate';
import { Pill } from '../../../lib/ui/pill';
import { isSignInTemplateType, TEMPLATE_TYPES, type MailTemplate } from '../../../shared/contracts/mail-templates';
import { ScreenHeader } from '../master-data/fields';
import { useTemplates } from './api';
import { useTemplatesT } from './strings';

/**
 * /settings/templates: every mail template of the company, in one list by type, the default of each first.
 * The sign-in types show only to a role with `templates` (the server lists the general ones alone to others).
 */
export const TemplatesScreen = withPermission('mail', 'read', Templates);

export const templatePath = (template: Pick<MailTemplate, '_id' | 'type'>) =>
  `/settings/templates/${template._id}/${template.type}`;

function Templates() {
  const t = useTemplatesT();
  const query = useTemplates();
  const all = query.data ?? [];
  const signIn = useCan('templates', 'read');
  const types = TEMPLATE_TYPES.filter((type) => signIn || !isSignInTemplateType(type));
  return (
    <section>
      <ScreenHeader title={t('title')} subtitle={t('subtitle')} />
      {query.isError ? (
        <Flex role="alert" gap={3} alignItems="center">
          <Text color="fg.error">{t('failed')}</Text>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Flex>
      ) : query.isPending ? (
        <Text color="fg.muted">{t('loading')}</Text>
      ) : (
        <Stack gap={6}>
          {!signIn && <Text color="fg.muted">{t('signInOnlyAdmins')}</Text>}
          {types.map((type) => {
            const ofType = all
              .filter((template) => template.type === type)
              .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name));
            const headingId = `templates-${type}`;
            return (
              <Box as="section" key={type} aria-labelledby={headingId}>
                <chakra.h3 id={headingId} textStyle="md" fontWeight="semibold">
                  {t(`type.${type}`)}
                </chakra.h3>
                <Text textStyle="sm" color="fg.muted" marginBottom={2}>
                  {t(`typeHint.${type}`)}
                </Text>
                <chakra.ul listStyleType="none" bg="bg.panel" borderWidth="1px" borderRadius="l3">
                  {ofType.map((template) => (
                    <chakra.li
                      key={template._id}
                      display="flex"
                      flexWrap="wrap"
                      gap={3}
                      alignItems="center"
                      paddingX={4}
                      paddingY={3}
                      borderTopWidth="1px"
                      _first={{ borderTopWidth: 0 }}
                    >
                      <Box flex="1" minWidth="12rem">
                        <Link asChild color="brand.fg" fontWeight="medium">
                          <RouterLink to={templatePath(template)}>{template.name}</RouterLink>
                        </Link>
                        <Text textStyle="sm" color="fg.muted" truncate>
                          {template.subject}
                        </Text>
                      </Box>
                      <Pill colorPalette="gray">{t(`lang.${template.language}`)}</Pill>
                      {template.isDefault && <Pill colorPalette="green">{t('default')}</Pill>}
                      <Text textStyle="xs" color="fg.muted" minWidth="10rem" textAlign="end">
                        {t('updated')}: {formatDateTime(template.updatedAt)}
                      </Text>
                    </chakra.li>
                  ))}
                </chakra.ul>
              </Box>
            );
          })}
        </Stack>
      )}
    </section>
  );
}
