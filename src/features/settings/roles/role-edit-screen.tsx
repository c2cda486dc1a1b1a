import { useParams } from 'react-router-dom';
import { SettingsFrame } from '../settings-layout';
import { RoleEditLoader } from './role-editor';

/** /settings/roles/{id}: the role editor for one role, inside the settings layout as the other sections. */
export function RoleEditScreen() {
  const { id = '' } = useParams();
  return (
    <SettingsFrame>
      <RoleEditLoader key={id} id={id} />
    </SettingsFrame>
  );
}
