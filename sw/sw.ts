import { registerAuthHeaders } from './auth-headers';
import { registerLifecycle } from './lifecycle';
import { registerAppShellNavigation } from './navigation';
import { registerOutbox } from './outbox';
import { registerPrecache } from './precache';

declare const self: ServiceWorkerGlobalScope;

// Wiring only; each concern lives in its own module. Order matters for routing: precached URLs are
// matched first, the app-shell fallback for navigations after. The auth headers come first: they only
// answer calls to the services, which no other route handles.
registerLifecycle(self);
// The outbox's replay sends through the same tokens and refresh as the pages' calls.
registerOutbox(self, registerAuthHeaders(self));
registerPrecache(self.__WB_MANIFEST);
registerAppShellNavigation();
