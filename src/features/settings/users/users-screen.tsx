import { Box, Button, Flex, Link, Text } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { User } from '../../../shared/contracts/users';
import { Can, withPermission } from '../../../lib/resource-kit/permission-gate';
import { ResourceList } from '../../../lib/resource-kit/resource-list';
import type { ResourceColumns } from '../../../lib/resource-kit/resource-table';
import { PageHeader } from '../../../lib/ui/page-header';
import { usersResource } from './api/users-resource';
import { UserStatusBadge } from './user-status-badge';
import { lastSignInText } from './user-status';
import { usersT, useUsersT } from './strings';

const InviteUserDialog = lazy(() => import('./invite-user-dialog'));
const QuickRoleDialog = lazy(() => import('../roles/quick-role-dialog'));

const column = createColumnHelper<User>();

const columns: ResourceColumns<User> = [
  column.accessor('name', {
    header: () => usersT('col.name'),
    meta: { sortField: 'name', width: 'minmax(10rem, 1.5fr)' },
    cell: (info) => (
      <Link asChild fontWeight="medium" color="brand.fg">
        <RouterLink to={`/settings/users/${info.row.original._id}`}>{info.getValue() || usersT('noName')}</RouterLink>
      </Link>
    ),
  }),
  column.accessor('emailId', {
    header: () => usersT('col.email'),
    meta: { sortField: 'emailId', width: 'minmax(12rem, 2fr)' },
    cell: (info) => (
      <Text truncate color="fg.muted">
        {info.getValue()}
      </Text>
    ),
  }),
  column.accessor('roleName', {
    header: () => usersT('col.role'),
    meta: { width: 'minmax(8rem, 1fr)' },
    cell: (info) => info.getValue() ?? <Text color="fg.muted">{usersT('noRole')}</Text>,
  }),
  column.display({
    id: 'status',
    header: () => usersT('col.status'),
    meta: { width: '7rem' },
    cell: (info) => <UserStatusBadge user={info.row.original} />,
  }),
  column.accessor('lastSignInAt', {
    header: () => usersT('col.lastSignIn'),
    meta: { width: '12rem' },
    cell: (info) => (
      <Text color="fg.muted" whiteSpace="nowrap">
        {lastSignInText(info.getValue())}
      </Text>
    ),
  }),
];

/** /settings/users: the company's users, with search, sort and paging; inviting for roles that may. */
export const UsersScreen = withPermission('users', 'read', UsersList);

function UsersList() {
  const [inviting, setInviting] = useState(false);
  const [makingRole, setMakingRole] = useState(false);
  const t = useUsersT();
  return (
    <Box as="section">
      <Flex justifyContent="space-between" alignItems="flex-end" gap={4} marginBottom={5} wrap="wrap">
        <PageHeader level={2} title={t('title')} subtitle={t('subtitle')} marginBottom={0} />
      </Flex>
      <ResourceList
        resource={usersResource}
        columns={columns}
        label={t('title')}
        plural={t('plural')}
        getRowId={(user) => user._id}
        emptyText={t('empty')}
        actions={
          <>
            <Can module="roles" action="create">
              <Button variant="outline" onClick={() => setMakingRole(true)}>
                {t('newRole')}
              </Button>
            </Can>
            <Can module="users" action="create">
              <Button colorPalette="brand" onClick={() => setInviting(true)}>
                {t('invite')}
              </Button>
            </Can>
          </>
        }
      />
      <Suspense fallback={null}>
        {inviting && <InviteUserDialog onClose={() => setInviting(false)} />}
        {makingRole && <QuickRoleDialog onClose={() => setMakingRole(false)} />}
      </Suspense>
    </Box>
  );
}
