import { Box, Button, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { User } from '../../../shared/contracts/users';
import { Can, RequirePermission } from '../../../lib/resource-kit/permission-gate';
import { ResourceList } from '../../../lib/resource-kit/resource-list';
import type { ResourceColumns } from '../../../lib/resource-kit/resource-table';
import { usersResource } from './api/users-resource';
import { UserStatusBadge } from './user-status-badge';
import { lastSignInText } from './user-status';

const InviteUserDialog = lazy(() => import('./invite-user-dialog'));

const column = createColumnHelper<User>();

const columns: ResourceColumns<User> = [
  column.accessor('name', {
    header: 'Name',
    meta: { sortField: 'name', width: 'minmax(10rem, 1.5fr)' },
    cell: (info) => (
      <Link asChild fontWeight="medium" color="brand.fg">
        <RouterLink to={`/settings/users/${info.row.original._id}`}>{info.getValue() || '(no name)'}</RouterLink>
      </Link>
    ),
  }),
  column.accessor('emailId', {
    header: 'E-mail',
    meta: { sortField: 'emailId', width: 'minmax(12rem, 2fr)' },
    cell: (info) => (
      <Text truncate color="fg.muted">
        {info.getValue()}
      </Text>
    ),
  }),
  column.accessor('roleName', {
    header: 'Role',
    meta: { width: 'minmax(8rem, 1fr)' },
    cell: (info) => info.getValue() ?? <Text color="fg.subtle">No role</Text>,
  }),
  column.display({
    id: 'status',
    header: 'Status',
    meta: { width: '7rem' },
    cell: (info) => <UserStatusBadge user={info.row.original} />,
  }),
  column.accessor('lastSignInAt', {
    header: 'Last sign-in',
    meta: { width: '12rem' },
    cell: (info) => (
      <Text color="fg.muted" whiteSpace="nowrap">
        {lastSignInText(info.getValue())}
      </Text>
    ),
  }),
];

/** /settings/users: the company's users, with search, sort and paging; inviting for roles that may. */
export function UsersScreen() {
  return (
    <RequirePermission module="users" action="read">
      <UsersList />
    </RequirePermission>
  );
}

function UsersList() {
  const [inviting, setInviting] = useState(false);
  return (
    <Box as="section">
      <Flex justifyContent="space-between" alignItems="flex-end" gap={4} marginBottom={5} wrap="wrap">
        <Box>
          <Heading as="h2" size="xl">
            Users
          </Heading>
          <Text color="fg.muted" textStyle="sm" marginTop={1}>
            Everyone in your company who can sign in, their role and when they last did.
          </Text>
        </Box>
      </Flex>
      <ResourceList
        resource={usersResource}
        columns={columns}
        label="Users"
        plural="users"
        getRowId={(user) => user._id}
        emptyText="Invite your colleagues: each gets a mail with a link to choose a password."
        actions={
          <Can module="users" action="create">
            <Button colorPalette="brand" onClick={() => setInviting(true)}>
              Invite user
            </Button>
          </Can>
        }
      />
      <Suspense fallback={null}>{inviting && <InviteUserDialog onClose={() => setInviting(false)} />}</Suspense>
    </Box>
  );
}
