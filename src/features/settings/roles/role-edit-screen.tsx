import { useParams } from 'react-router-dom';
import { RoleEditLoader } from './role-editor';

/** /settings/roles/{id}: the role editor for one role. */
export function RoleEditScreen() {
  const { id = '' } = useParams();
  return <RoleEditLoader key={id} id={id} />;
}
