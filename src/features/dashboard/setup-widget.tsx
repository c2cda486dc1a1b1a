import { Link } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { SetupChecklist } from '../../lib/account-setup-checklist';
import { userCan } from '../../lib/resource-kit/permission-check';
import { useSession } from '../../lib/session/use-session';
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
      <SetupChecklist facts={{ company, users: users.data?.meta.total, contacts: contacts.data }} />
    </WidgetFrame>
  );
}
