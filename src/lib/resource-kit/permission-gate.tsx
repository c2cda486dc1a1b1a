import type { ReactNode } from 'react';
import type { PermissionAction, PermissionModule } from '../../shared/permissions';
import { useSession } from '../session/use-session';
import { NotAllowedScreen } from './not-allowed-screen';
import { userCan } from './permission-check';

/** Whether the signed-in user's role allows `action` on `module`. */
export function useCan(module: PermissionModule, action: PermissionAction): boolean {
  const { user } = useSession();
  return userCan(user, module, action);
}

/** Renders `children` only when the role allows the action: actions a role cannot use are not shown. */
export function Can({
  module,
  action,
  children,
}: {
  module: PermissionModule;
  action: PermissionAction;
  children: ReactNode;
}) {
  return useCan(module, action) ? children : null;
}

/**
 * Guards a screen: a role without the permission gets the not-allowed screen, and nothing below it
 * mounts, so none of its queries are even sent.
 */
export function RequirePermission({
  module,
  action,
  children,
}: {
  module: PermissionModule;
  action: PermissionAction;
  children: ReactNode;
}) {
  return useCan(module, action) ? children : <NotAllowedScreen />;
}
