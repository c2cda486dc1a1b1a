import { Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { setupSteps } from '../../lib/account-setup';
import { userCan } from '../../lib/resource-kit/permission-check';
import { useSession } from '../../lib/session/use-session';
import { ProgressBar } from '../../lib/ui/progress-bar';
import { dashboardQueries } from './dashboard-api';
import { useDashboardT } from './strings';
import { WidgetFrame } from './widget';

/** The account-setup checklist, until the company's `account_setup` is on. */
export default function SetupWidget() {
  const t = useDashboardT();
  const { company, user } = useSession();
  const users = useQuery({ ...dashboardQueries.users(), enabled: userCan(user, 'users', 'read') });
  const contacts = useQuery({ ...dashboardQueries.contacts(), enabled: userCan(user, 'contacts', 'read') });
  if (!company) return null;
  const steps = setupSteps({ company, users: users.data?.meta.total, contacts: contacts.data });
  const done = steps.filter((step) => step.done).length;
  return (
    <WidgetFrame
      id="setup"
      title={t('setup.title')}
      footer={
        <Link asChild color="brand.fg" textStyle="sm">
          <RouterLink to="/settings/company">{t('setup.finish')}</RouterLink>
        </Link>
      }
    >
      <Stack gap={3}>
        <ProgressBar value={(done / steps.length) * 100} label={t('setup.progress', { done, total: steps.length })} />
        <Text textStyle="sm" color="fg.muted">
          {t('setup.progress', { done, total: steps.length })}
        </Text>
        <Stack as="ul" gap={1} listStyleType="none">
          {steps.map((step) => (
            <li key={step.id} data-step={step.id} data-done={step.done}>
              <Text as="span" aria-hidden marginEnd={2} color={step.done ? 'green.fg' : 'fg.subtle'}>
                {step.done ? '✓' : '○'}
              </Text>
              {step.done ? (
                <Text as="span" color="fg.muted" textDecoration="line-through">
                  {t(`setup.${step.id}`)}
                </Text>
              ) : (
                <Link asChild color="brand.fg">
                  <RouterLink to={step.to}>{t(`setup.${step.id}`)}</RouterLink>
                </Link>
              )}
            </li>
          ))}
        </Stack>
      </Stack>
    </WidgetFrame>
  );
}
