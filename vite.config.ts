import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/** Brand colours of the manifest, the icons and index.html's theme-color. */
const THEME_COLOR = '#1d4ed8';
const BACKGROUND_COLOR = '#ffffff';

/**
 * Brotli (quality 11) and gzip (level 9) copies beside every compressible file, made once at build time:
 * the web server (server/web/static-site.ts) sends the one the browser accepts, with no work per request.
 */
const PRECOMPRESSED = [
  defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
  defineAlgorithm('gzip', { level: 9 }),
];
const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|webmanifest|ico|txt)$/;

/**
 * The service worker is built by vite-plugin-pwa in its own closeBundle, after the compression plugin has
 * done the bundle, so its copies are written here, last.
 */
function precompressServiceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'freight-desk:precompress-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const file = path.join(outDir, 'sw.js');
        const source = await readFile(file).catch(() => undefined);
        if (!source) return;
        await writeFile(
          `${file}.br`,
          brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
        );
        await writeFile(`${file}.gz`, gzipSync(source, { level: 9 }));
      },
    },
  };
}

/**
 * React Router's package exports point every bundler at its development build, whose warnings (route
 * mismatches, future flags, the "hey developer" error page) are switched on by a constant. Its production
 * build is the same code with the constant off, so the minifier drops them. Build only: the dev server keeps
 * the warnings.
 */
const reactRouterProduction = {
  '^react-router$': 'react-router/dist/production/index.mjs',
  '^react-router/dom$': 'react-router/dist/production/dom-export.mjs',
};

export default defineConfig(({ command }) => ({
  resolve: {
    alias:
      command === 'build'
        ? Object.entries(reactRouterProduction).map(([find, file]) => ({
            find: new RegExp(find),
            replacement: path.resolve(import.meta.dirname, 'node_modules', file),
          }))
        : [],
  },
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
    compression({ algorithms: PRECOMPRESSED, include: COMPRESSIBLE, logLevel: 'silent' }),
    precompressServiceWorker(),
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
}));
