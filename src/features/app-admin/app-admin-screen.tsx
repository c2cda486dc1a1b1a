import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useSession } from '../../lib/session/use-session';
import { NotAllowedScreen } from '../../lib/resource-kit/not-allowed-screen';
import { ResourceList } from '../../lib/resource-kit/resource-list';
import type { ResourceColumns } from '../../lib/resource-kit/resource-table';
import { useOnline } from '../../lib/resource-kit/use-online';
import { PageHeader } from '../../lib/ui/page-header';
import { COMPANY_ACCOUNT_TYPES, type AppAdminCompany } from '../../shared/contracts/company';
import { appAdminCompanies } from './api';
import { NewCompanyDialog } from './new-company-dialog';
import { EndPlanDialog, ExtendPlanDialog } from './plan-dialogs';
import { formatPlanDate, PlanStatusBadge } from './plan-status';
import { appAdminT, useAppAdminT } from './strings';

const column = createColumnHelper<AppAdminCompany>();

function accountTypeLabel(type: string): string {
  return (COMPANY_ACCOUNT_TYPES as readonly string[]).includes(type)
    ? appAdminT(`accountType.${type as (typeof COMPANY_ACCOUNT_TYPES)[number]}`)
    : type;
}

/**
 * /app-admin: the super admin's console over every company. Anyone else sees the not-allowed screen and
 * no call is made (the server refuses them anyway).
 */
export function AppAdminScreen() {
  const { isSuperAdmin, authStatusLoading } = useSession();
  if (authStatusLoading) return null;
  if (!isSuperAdmin) return <NotAllowedScreen />;
  return <AppAdminConsole />;
}

type Open = { kind: 'extend' | 'end'; company: AppAdminCompany } | { kind: 'new' } | null;

function AppAdminConsole() {
  const t = useAppAdminT();
  const client = useQueryClient();
  const online = useOnline();
  const [open, setOpen] = useState<Open>(null);
  const [created, setCreated] = useState<string>();
  const refresh = () => client.invalidateQueries({ queryKey: appAdminCompanies.keys.all });
  const close = () => {
    setOpen(null);
    void refresh();
  };

  const columns: ResourceColumns<AppAdminCompany> = [
    column.accessor('name', {
      header: () => appAdminT('name'),
      meta: { sortField: 'name', width: 'minmax(12rem, 2fr)' },
      cell: (info) => (
        <Box>
          <Text fontWeight="medium">{info.getValue()}</Text>
          <Text textStyle="xs" color="fg.muted">
            {info.row.original.short_name}
          </Text>
        </Box>
      ),
    }),
    column.accessor('account_type', {
      header: () => appAdminT('accountType'),
      meta: { sortField: 'accountType', width: 'minmax(7rem, 1fr)' },
      cell: (info) => accountTypeLabel(info.getValue()),
    }),
    column.accessor((row) => row.subscripedPlan.name, {
      id: 'plan',
      header: () => appAdminT('plan'),
      meta: { sortField: 'planName', width: 'minmax(7rem, 1fr)' },
    }),
    column.accessor((row) => row.subscripedPlan.expiryDate, {
      id: 'expiry',
      header: () => appAdminT('expiry'),
      meta: { sortField: 'expiryDate', width: 'minmax(8rem, 1fr)' },
      cell: (info) => formatPlanDate(info.getValue()),
    }),
    column.accessor((row) => row.subscripedPlan.expiryDate, {
      id: 'status',
      header: () => appAdminT('status'),
      meta: { width: 'minmax(9rem, 1fr)' },
      cell: (info) => <PlanStatusBadge expiryDate={info.getValue()} />,
    }),
    column.accessor('userCount', {
      header: () => appAdminT('users'),
      meta: { sortField: 'userCount', width: '6rem' },
    }),
    column.display({
      id: 'actions',
      header: () => appAdminT('actions'),
      meta: { width: 'minmax(14rem, 1.5fr)' },
      cell: (info) => (
        <Flex gap={2} wrap="wrap">
          <Button
            size="xs"
            variant="outline"
            disabled={!online}
            onClick={() => setOpen({ kind: 'extend', company: info.row.original })}
          >
            {appAdminT('extend')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            disabled={!online || info.row.original.isExpired}
            onClick={() => setOpen({ kind: 'end', company: info.row.original })}
          >
            {appAdminT('end')}
          </Button>
        </Flex>
      ),
    }),
  ];

  return (
    <Box as="section" maxWidth="7xl" marginX="auto">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {!online && (
        <Text role="status" color="fg.warning" textStyle="sm" marginBottom={3}>
          {t('offline')}
        </Text>
      )}
      {created && (
        <Text role="status" color="fg.success" fontWeight="medium" marginBottom={3}>
          {created}
        </Text>
      )}
      <ResourceList
        resource={appAdminCompanies}
        columns={columns}
        label={t('title')}
        plural={t('plural')}
        getRowId={(row) => row._id}
        emptyText={t('empty')}
        actions={
          <Button colorPalette="brand" disabled={!online} onClick={() => setOpen({ kind: 'new' })}>
            {t('add')}
          </Button>
        }
      />
      {open?.kind === 'extend' && <ExtendPlanDialog company={open.company} onClose={close} />}
      {open?.kind === 'end' && <EndPlanDialog company={open.company} onClose={close} />}
      {open?.kind === 'new' && (
        <NewCompanyDialog
          onClose={close}
          onCreated={(company, email) => {
            setCreated(appAdminT('created', { name: company.name, email }));
            close();
          }}
        />
      )}
    </Box>
  );
}
