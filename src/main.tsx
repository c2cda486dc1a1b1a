import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './lib/service-worker';
import { installStaleChunkReload } from './lib/stale-chunk-reload';
import { applyInitialColorMode } from './lib/ui/color-mode';

// Before the first render, so a stale lazy chunk on the very first route is already covered.
installStaleChunkReload();
// Before the first paint, so a dark-mode user never sees a white flash.
applyInitialColorMode();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

void registerServiceWorker();
