import { Box, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { NavLink, useOutlet } from 'react-router-dom';
import type { PermissionModule } from '../../shared/permissions';
import { userCan } from '../../lib/resource-kit/permission-check';
import { useSession } from '../../lib/session/use-session';

/**
 * The settings sections with a fixed path, and the permission a section needs to be listed (the screen
 * checks again: a URL typed by hand gets the not-allowed screen). /settings/:port is left out: its
 * values are not shown in SPEC.md.
 */
const SECTIONS: { to: string; label: string; needs?: PermissionModule }[] = [
  { to: 'profile', label: 'Profile' },
  { to: 'company', label: 'Company', needs: 'company' },
  { to: 'users', label: 'Users', needs: 'users' },
  { to: 'roles', label: 'Roles', needs: 'roles' },
  { to: 'picklist', label: 'Picklists' },
  { to: 'countries', label: 'Countries' },
  { to: 'templates', label: 'Templates' },
  { to: 'currencies', label: 'Currencies' },
];

/** The settings area: a side navigation of the sections the role may read, beside the chosen section. */
export function SettingsLayout() {
  // useOutlet rather than <Outlet />: /settings alone should say something, not render an empty pane.
  const outlet = useOutlet();
  const { user } = useSession();
  const sections = SECTIONS.filter((section) => !section.needs || userCan(user, section.needs, 'read'));
  return (
    <Box as="section" maxWidth="7xl" marginX="auto">
      <Heading as="h1" size="2xl" letterSpacing="-0.02em" marginBottom={6}>
        Settings
      </Heading>
      <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: 4, md: 8 }} alignItems="flex-start">
        <Box
          as="nav"
          aria-label="Settings sections"
          width={{ base: 'full', md: '14rem' }}
          flexShrink={0}
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="l3"
          padding={2}
          position={{ md: 'sticky' }}
          top={{ md: 20 }}
        >
          <Stack as="ul" listStyleType="none" gap={0.5}>
            {sections.map((section) => (
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
                  <NavLink to={section.to}>{section.label}</NavLink>
                </chakra.a>
              </li>
            ))}
          </Stack>
        </Box>
        <Box flex="1" minWidth={0} width="full">
          {outlet ?? <Text>Choose a section. The settings screens arrive with their issues.</Text>}
        </Box>
      </Stack>
    </Box>
  );
}
