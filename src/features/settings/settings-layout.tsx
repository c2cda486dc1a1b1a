import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { NavLink, useOutlet } from 'react-router-dom';

/** The settings sections with a fixed path. /settings/:port is left out: its values are not shown in SPEC.md. */
const SECTIONS = [
  { to: 'profile', label: 'Profile' },
  { to: 'company', label: 'Company' },
  { to: 'users', label: 'Users' },
  { to: 'roles', label: 'Roles' },
  { to: 'picklist', label: 'Picklists' },
  { to: 'countries', label: 'Countries' },
  { to: 'templates', label: 'Templates' },
  { to: 'currencies', label: 'Currencies' },
] as const;

/** The settings area: its section links beside the chosen section. The sections arrive with their issues. */
export function SettingsLayout() {
  // useOutlet rather than <Outlet />: /settings alone should say something, not render an empty pane.
  const outlet = useOutlet();
  return (
    <section>
      <Heading as="h1" size="2xl" marginBottom={6}>
        Settings
      </Heading>
      <Stack direction={{ base: 'column', md: 'row' }} gap={8}>
        <Box as="nav" aria-label="Settings sections" minWidth="12rem">
          <Stack as="ul" listStyleType="none" gap={1}>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <Link asChild colorPalette="blue">
                  <NavLink to={section.to}>{section.label}</NavLink>
                </Link>
              </li>
            ))}
          </Stack>
        </Box>
        <Box flex="1">{outlet ?? <Text>Choose a section. The settings screens arrive with their issues.</Text>}</Box>
      </Stack>
    </section>
  );
}
