import { Box, Button, Link, Text } from '@chakra-ui/react';
import { createColumnHelper } from '@tanstack/react-table';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../../lib/ui/page-header';
import { formatNumber } from '../../../lib/i18n/format';
import { Can, RequirePermission } from '../../../lib/resource-kit/permission-gate';
import { roleDescription, roleName, useSystemRecordsT } from '../../../lib/i18n/system-records';
import { ResourceList } from '../../../lib/resource-kit/resource-list';
import type { ResourceColumns } from '../../../lib/resource-kit/resource-table';
import { Pill } from '../../../lib/ui/pill';
import type { Role } from '../../../shared/contracts/roles';
import { rolesResource } from './roles-api';
import { rolesT, useRolesT } from './strings';

const column = createColumnHelper<Role>();
const columns: ResourceColumns<Role> = [
  column.accessor('name', {
    header: () => rolesT('name'),
    meta: { sortField: 'name', width: 'minmax(10rem, 1.5fr)' },
    cell: (info) => (
      <Link asChild fontWeight="medium" color="brand.fg">
        <RouterLink to={`/settings/roles/${info.row.original._id}`}>{roleName(info.row.original)}</RouterLink>
      </Link>
    ),
  }),
  column.accessor('description', {
    header: () => rolesT('description'),
    meta: { width: 'minmax(12rem, 2fr)' },
    cell: (info) => (
      <Text truncate color="fg.muted">
        {roleDescription(info.row.original)}
      </Text>
    ),
  }),
  column.accessor('userCount', {
    header: () => rolesT('users'),
    meta: { width: '6rem' },
    cell: (info) => <span data-user-count={info.getValue()}>{formatNumber(info.getValue())}</span>,
  }),
  column.accessor('isSystem', {
    header: '',
    meta: { width: '9rem' },
    cell: (info) => (info.getValue() ? <Pill colorPalette="blue">{rolesT('system')}</Pill> : null),
  }),
];

/** /settings/roles: the company's roles with how many users hold each. */
export function RolesScreen() {
  const t = useRolesT();
  useSystemRecordsT();
  return (
    <RequirePermission module="roles" action="read">
      <Box as="section">
        <PageHeader level={2} title={t('title')} subtitle={t('subtitle')} />
        <ResourceList
          resource={rolesResource}
          columns={columns}
          label={t('title')}
          plural={t('plural')}
          getRowId={(role) => role._id}
          emptyText={t('empty')}
          actions={
            <Can module="roles" action="create">
              <Button asChild colorPalette="brand">
                <RouterLink to="/accounts/roles/create/">{t('create')}</RouterLink>
              </Button>
            </Can>
          }
        />
      </Box>
    </RequirePermission>
  );
}
