import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Brand colours of the manifest, the icons and index.html's theme-color. */
const THEME_COLOR = '#1d4ed8';
const BACKGROUND_COLOR = '#ffffff';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registration is ours (src/lib/service-worker.ts): it must survive blocked service workers
      // and apply updates the way the app wants, so the plugin injects no register script.
      injectRegister: false,
      manifest: {
        name: 'Freight Desk',
        short_name: 'Freight Desk',
        description: 'Freight and cargo logistics for your company.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      injectManifest: {
        // The shell and every lazy chunk: any screen must load offline and after a deploy.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // One self-contained classic script: no module-worker support needed, nothing left to import.
        rollupFormat: 'iife',
      },
      // The dev server never gets a worker: it would answer HMR requests from a stale precache.
      devOptions: { enabled: false },
    }),
  ],
  build: {
    // Every browser the app supports preloads modules natively; the polyfill is dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The entry's whole static graph in one chunk. Left to itself, rolldown splits modules that lazy
          // chunks share with the entry (Chakra's use-recipe, React's jsx-runtime, session-store, …) into
          // chunks of their own, which /login then downloads as several smaller, worse-compressing files
          // (about 2.5 KB gzipped more against its 150 KB budget).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
      treeshake: {
        // Chakra's theme and anatomy modules build every recipe at import time through identity
        // helpers (`defineRecipe(v) => v`) and zag's `createAnatomy`, none marked pure, so one named
        // import keeps all ~80 recipes (about 30 KB gzipped). Declaring them pure lets unused ones go.
        manualPureFunctions: [
          'createAnatomy',
          'defineAnimationStyles',
          'defineConditions',
          'defineConfig',
          'defineGlobalStyles',
          'defineKeyframes',
          'defineLayerStyles',
          'defineRecipe',
          'defineSlotRecipe',
          'defineStyle',
          'defineTextStyles',
        ],
      },
    },
  },
  server: { port: 8080, strictPort: true },
  preview: { port: 8080, strictPort: true },
});
