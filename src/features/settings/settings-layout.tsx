import { Box, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { NavLink, useOutlet } from 'react-router-dom';
import type { PermissionModule } from '../../shared/permissions';
import { userCan } from '../../lib/resource-kit/permission-check';
import { useSession } from '../../lib/session/use-session';
import { useSettingsT } from './strings';

type SectionLabel = Parameters<ReturnType<typeof useSettingsT>>[0];

/**
 * The settings sections in groups, and the permission a section needs to be listed (the screen checks
 * again: a URL typed by hand gets the not-allowed screen). /settings/{port} is listed by its two values.
 */
const GROUPS: { label: SectionLabel; sections: { to: string; label: SectionLabel; needs?: PermissionModule }[] }[] = [
  { label: 'group.you', sections: [{ to: 'profile', label: 'profile' }] },
  {
    label: 'group.company',
    sections: [
      { to: 'company', label: 'company', needs: 'company' },
      { to: 'users', label: 'users', needs: 'users' },
      { to: 'roles', label: 'roles', needs: 'roles' },
      { to: 'templates', label: 'templates', needs: 'mail' },
      { to: 'issues', label: 'issues', needs: 'issues' },
    ],
  },
  {
    label: 'group.masterData',
    sections: [
      { to: 'business-types', label: 'businessTypes', needs: 'masterData' },
      { to: 'receiving-locations', label: 'receivingLocations', needs: 'masterData' },
      { to: 'picklist', label: 'picklist', needs: 'masterData' },
      { to: 'currencies', label: 'currencies', needs: 'masterData' },
    ],
  },
  {
    label: 'group.reference',
    sections: [
      { to: 'countries', label: 'countries' },
      { to: 'oceanport', label: 'oceanport' },
      { to: 'airport', label: 'airport' },
    ],
  },
];

/** The settings area: a side navigation of the sections the role may read, beside the chosen section. */
export function SettingsLayout() {
  // useOutlet rather than <Outlet />: /settings alone should say something, not render an empty pane.
  const outlet = useOutlet();
  const { user } = useSession();
  const t = useSettingsT();
  const groups = GROUPS.map((group) => ({
    ...group,
    sections: group.sections.filter((section) => !section.needs || userCan(user, section.needs, 'read')),
  })).filter((group) => group.sections.length > 0);
  return (
    <Box as="section" maxWidth="7xl" marginX="auto">
      <Heading as="h1" size="2xl" letterSpacing="-0.02em" marginBottom={6}>
        {t('title')}
      </Heading>
      <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: 4, md: 8 }} alignItems="flex-start">
        <Box
          as="nav"
          aria-label={t('sections')}
          width={{ base: 'full', md: '14rem' }}
          flexShrink={0}
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="l3"
          padding={2}
          position={{ md: 'sticky' }}
          top={{ md: 20 }}
        >
          <Stack gap={3}>
            {groups.map((group) => (
              <Box key={group.label}>
                <Text
                  as="h2"
                  id={`settings-group-${group.label}`}
                  paddingX={3}
                  paddingY={1}
                  textStyle="xs"
                  fontWeight="semibold"
                  color="fg.muted"
                  textTransform="uppercase"
                  letterSpacing="wide"
                >
                  {t(group.label)}
                </Text>
                <Stack as="ul" listStyleType="none" gap={0.5} aria-labelledby={`settings-group-${group.label}`}>
                  {group.sections.map((section) => (
                    <li key={section.to}>
                      <chakra.a
                        asChild
                        display="block"
                        paddingX={3}
                        paddingY={2}
                        borderRadius="l2"
                        textStyle="sm"
                        fontWeight="medium"
                        color="fg.muted"
                        _hover={{ bg: 'bg.muted', color: 'fg' }}
                        css={{ '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg' } }}
                      >
                        <NavLink to={section.to}>{t(section.label)}</NavLink>
                      </chakra.a>
                    </li>
                  ))}
                </Stack>
              </Box>
            ))}
          </Stack>
        </Box>
        <Box flex="1" minWidth={0} width="full">
          {outlet ?? <Text>{t('choose')}</Text>}
        </Box>
      </Stack>
    </Box>
  );
}
