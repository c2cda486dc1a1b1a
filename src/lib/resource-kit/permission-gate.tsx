import type { ComponentType, ReactNode } from 'react';
import type { PermissionAction, PermissionModule } from '../../shared/permissions';
import { useSession } from '../session/use-session';
import { NotAllowedScreen } from './not-allowed-screen';
import { userCan } from './permission-check';

/** Whether the signed-in user's role allows `action` on `module`. */
export function useCan(module: PermissionModule, action: PermissionAction): boolean {
  const { user } = useSession();
  return userCan(user, module, action);
}

/** What a permission gate asks for, and what it renders when the role allows it. */
interface PermissionGateProps {
  module: PermissionModule;
  action: PermissionAction;
  children: ReactNode;
}

/** Renders `children` only when the role allows the action: actions a role cannot use are not shown. */
export function Can({ module, action, children }: PermissionGateProps) {
  return useCan(module, action) ? children : null;
}

/**
 * Guards a screen: a role without the permission gets the not-allowed screen, and nothing below it
 * mounts, so none of its queries are even sent.
 */
export function RequirePermission({ module, action, children }: PermissionGateProps) {
  return useCan(module, action) ? children : <NotAllowedScreen />;
}

/** The screen a route mounts for `Screen`, guarded by {@link RequirePermission}. */
export function withPermission(module: PermissionModule, action: PermissionAction, Screen: ComponentType) {
  function GuardedScreen() {
    return (
      <RequirePermission module={module} action={action}>
        <Screen />
      </RequirePermission>
    );
  }
  return GuardedScreen;
}
