import { SettingsFrame } from '../settings-layout';
import { RoleCreateScreen as RoleCreator } from './role-editor';

/** /accounts/roles/create/: a new role, inside the settings layout as the role editor is. */
export function RoleCreateScreen() {
  return (
    <SettingsFrame>
      <RoleCreator />
    </SettingsFrame>
  );
}
