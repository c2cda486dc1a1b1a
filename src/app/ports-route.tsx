import { useParams } from 'react-router-dom';
import { NotFoundScreen } from '../features/not-found/not-found-screen';
import { isPortKind, PortsScreen } from '../features/settings/ports/ports-screen';

/** /settings/{port}: `oceanport` or `airport` (docs/api.md section 12); any other value is the not-found screen. */
export function PortsRoute() {
  const { port } = useParams();
  return isPortKind(port) ? <PortsScreen key={port} kind={port} /> : <NotFoundScreen />;
}
