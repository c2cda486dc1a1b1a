import { Box, Stack, Text, chakra, useRecipe } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { NavLink, useLocation, useNavigate, useOutlet } from 'react-router-dom';
import type { PermissionModule } from '../../shared/permissions';
import { userCan } from '../../lib/resource-kit/permission-check';
import { useSession } from '../../lib/session/use-session';
import { PageTitle } from '../../lib/ui/page-header';
import { usePhone } from '../../lib/ui/use-phone';
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

type Groups = typeof GROUPS;

/** The sections of GROUPS the signed-in role may read, in groups (a group left empty is dropped). */
function useReadableGroups(): Groups {
  const { user } = useSession();
  return GROUPS.map((group) => ({
    ...group,
    sections: group.sections.filter((section) => !section.needs || userCan(user, section.needs, 'read')),
  })).filter((group) => group.sections.length > 0);
}

/**
 * The settings area: a side navigation of the sections the role may read, beside the chosen section. On a
 * phone the section comes first: the navigation is one select above it (the phone layout rule, issue 24).
 * A record screen of a section (a user, a role, a mail template) stays inside this layout.
 */
export function SettingsLayout() {
  // useOutlet rather than <Outlet />: /settings alone should say something, not render an empty pane.
  const outlet = useOutlet();
  return <SettingsFrame>{outlet}</SettingsFrame>;
}

/** The settings layout around `children` (a settings route's outlet, or a record screen routed apart). */
export function SettingsFrame({ children }: { children: ReactNode }) {
  const t = useSettingsT();
  const groups = useReadableGroups();
  const phone = usePhone();
  return (
    <Box as="section">
      <PageTitle marginBottom={{ base: 4, md: 6 }}>{t('title')}</PageTitle>
      {phone ? (
        <Stack gap={4}>
          <SectionSelect groups={groups} />
          <Box minWidth={0}>{children ?? <Text>{t('choosePhone')}</Text>}</Box>
        </Stack>
      ) : (
        <Stack direction="row" gap={8} alignItems="flex-start">
          <SectionNav groups={groups} />
          <Box flex="1" minWidth={0} width="full">
            {children ?? <Text>{t('choose')}</Text>}
          </Box>
        </Stack>
      )}
    </Box>
  );
}

/** The section of a settings path: `/settings/users/42` is `users`, the new-role screen is `roles`. */
function sectionOf(pathname: string): string {
  if (pathname.startsWith('/accounts/roles/')) return 'roles';
  return /^\/settings\/([^/]+)/.exec(pathname)?.[1] ?? '';
}

/** The sections as one select (a phone): choosing one opens it. */
function SectionSelect({ groups }: { groups: Groups }) {
  const t = useSettingsT();
  const navigate = useNavigate();
  const current = sectionOf(useLocation().pathname);
  const css = useRecipe({ key: 'select' })({ size: 'lg' });
  return (
    <chakra.nav aria-label={t('sections')}>
      <chakra.label display="block">
        <chakra.span srOnly>{t('section')}</chakra.span>
        <chakra.select
          css={css}
          width="full"
          bgColor="bg.panel"
          fontWeight="medium"
          value={current}
          onChange={(event) => navigate(`/settings/${event.currentTarget.value}`)}
        >
          {!current && (
            <option value="" disabled>
              {t('section')}
            </option>
          )}
          {groups.map((group) => (
            <optgroup key={group.label} label={t(group.label)}>
              {group.sections.map((section) => (
                <option key={section.to} value={section.to}>
                  {t(section.label)}
                </option>
              ))}
            </optgroup>
          ))}
        </chakra.select>
      </chakra.label>
    </chakra.nav>
  );
}

/** The sections as a side navigation in groups (a tablet or a desktop). */
function SectionNav({ groups }: { groups: Groups }) {
  const t = useSettingsT();
  return (
    <Box
      as="nav"
      aria-label={t('sections')}
      width="14rem"
      flexShrink={0}
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l3"
      padding={2}
      position="sticky"
      top={20}
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
                    <NavLink to={`/settings/${section.to}`}>{t(section.label)}</NavLink>
                  </chakra.a>
                </li>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
