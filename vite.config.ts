import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type AliasOptions, type Plugin, type ResolvedConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { PRERENDER_HYDRATED_EVENT } from './src/shared/login-prerender';

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
 * zod's JSON Schema export (`z.toJSONSchema`, `schema["~standard"].jsonSchema`) is for the services, which
 * publish their OpenAPI document with it; the web app never calls it, yet zod's schemas import it, so it
 * sat in the signed-in first load (about 4 kB gzipped). In the app's build that one module answers with
 * functions that say so if called, and so do the processors of its sibling (zodProcessorsWithoutJsonSchema). The services are bundled by esbuild, not here, and keep the real one.
 */
function withoutZodJsonSchema(): Plugin {
  const id = '\0freight-desk:zod-without-json-schema';
  const processorsId = '\0freight-desk:zod-json-schema-processors:';
  return {
    name: 'freight-desk:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/node_modules\/zod\/v4\//.test(importer)) return null;
      if (/(^|\/)to-json-schema\.js$/.test(source)) return id;
      if (/(^|\/)json-schema-processors\.js$/.test(source))
        return processorsId + path.resolve(path.dirname(importer), source);
      return null;
    },
    load(loaded) {
      if (loaded.startsWith(processorsId)) return zodProcessorsWithoutJsonSchema(loaded.slice(processorsId.length));
      if (loaded !== id) return null;
      return [
        "const unavailable = () => { throw new Error('zod JSON Schema export is not part of the web app'); };",
        'export const initializeContext = unavailable;',
        'export const handleUnrepresentable = unavailable;',
        'export const processSchema = unavailable;',
        'export { processSchema as process };',
        'export const extractDefs = unavailable;',
        'export const finalize = unavailable;',
        'export const createToJSONSchemaMethod = () => unavailable;',
        'export const createStandardJSONSchemaMethod = () => unavailable;',
      ].join('\n');
    },
  };
}

/**
 * zod's `json-schema-processors.js` (about 2.5 kB gzipped of the signed-in first load) without its JSON Schema
 * processors, which only `toJSONSchema` calls: its first part, `aggregateChecks` and what it needs, stays as
 * zod wrote it, because string and number schemas read their `minLength`, `maxLength`, … through it (the
 * app-admin form does). Every other export answers with a function that says it is not in the app. A zod
 * whose file no longer has that first part fails the build here rather than at run time.
 */
function zodProcessorsWithoutJsonSchema(file: string): string {
  const source = readFileSync(file, 'utf8');
  const end = source.indexOf('\nconst formatMap = {');
  const kept = end > 0 ? source.slice(0, end) : '';
  if (!/export function aggregateChecks\(/.test(kept))
    throw new Error(`${file}: aggregateChecks is no longer where the build expects it (vite.config.ts)`);
  const keptNames = new Set([...kept.matchAll(/export (?:const|function) (\w+)/g)].map((m) => m[1]));
  const stubbed = [...source.slice(end).matchAll(/export (?:const|function) (\w+)/g)]
    .map((m) => m[1]!)
    .filter((name) => !keptNames.has(name));
  // A virtual module resolves nothing relative to itself: its imports name zod's files by their full path.
  const dir = path.dirname(file);
  const imports = kept.replace(
    /from "(\.{1,2}\/[^"]+)"/g,
    (_, relative: string) => `from ${JSON.stringify(path.resolve(dir, relative))}`,
  );
  return [
    imports,
    "const unavailable = () => { throw new Error('zod JSON Schema export is not part of the web app'); };",
    ...stubbed.map((name) =>
      name === 'allProcessors' ? 'export const allProcessors = {};' : `export const ${name} = unavailable;`,
    ),
  ].join('\n');
}

const SIGNED_IN_CORE = new RegExp(
  [
    String.raw`node_modules/(@tanstack/(query-core|react-query)|idb-keyval)/`,
    String.raw`node_modules/@chakra-ui/react/dist/esm/components/(stack/h-stack|icon-button|link|grid)/`,
    String.raw`src/lib/(query-client|query-provider|i18n/format|i18n/define-strings|app-settings/app-settings)\.`,
    String.raw`src/lib/(resource-kit/(permission-check|use-online)|ui/(pill|loading-overlay))\.`,
    String.raw`src/lib/(reference-data/reference-data|integrations/remove-integrations|outbox/outbox-hint)\.`,
    String.raw`src/shared/(token-identity|contracts/(session|notifications))\.`,
    // Each of these was a chunk of 100–700 bytes that the dashboard loads at once (per-file gzip overhead).
    String.raw`node_modules/@chakra-ui/react/dist/esm/components/(circle/|stack/h-stack\.|button/icon-button\.)`,
    String.raw`src/lib/(plan-days|ui/page-header|live/unread-count-store|outbox/(write|queued-write-error))\.`,
    String.raw`src/shared/(backoff|shipments/codes)\.`,
  ].join('|'),
);

/**
 * The schema of the persisted query cache: a hash of the shared contracts (every answer's shape). A build
 * that changes none keeps the users' cached screens; one that changes any clears them (issue 12).
 */
function cacheSchemaHash(): string {
  const dir = path.resolve(import.meta.dirname, 'src/shared/contracts');
  const hash = createHash('sha256');
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 16);
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

const buildAliases: AliasOptions = Object.entries(reactRouterProduction).map(([find, file]) => ({
  find: new RegExp(find),
  replacement: path.resolve(import.meta.dirname, 'node_modules', file),
}));

const appDefines = () => ({
  'import.meta.env.VITE_CACHE_SCHEMA': JSON.stringify(cacheSchemaHash()),
  // The app's version (package.json), which "Report a problem" sends with each report.
  'import.meta.env.VITE_APP_VERSION': JSON.stringify(
    (JSON.parse(readFileSync(path.join(import.meta.dirname, 'package.json'), 'utf8')) as { version: string }).version,
  ),
});

/** Marks login.html's #root as holding the prerendered page (src/app/prerendered-login.ts reads it). */
const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Prerenders the sign-in page (issue 24 item 8, README "First load"): `dist/login.html` is index.html with
 * the /login screen already rendered inside #root, with the styles emotion wrote for it, so a visitor sees
 * the styled form on the HTML's arrival instead of after the entry script has downloaded and run; the script
 * then hydrates it (src/main.tsx). The web server and the service worker send it for /login when it is
 * exactly what the visitor will see (src/shared/login-prerender.ts).
 *
 * How: a second, server-side Vite build of src/prerender/login-page.tsx (same defines and aliases, so the
 * same strings, theme and class names as the browser's bundle), imported and called here, once per build.
 * It runs in generateBundle, after index.html is final and before the service worker's precache list and
 * the compressed copies are made: the page, its .br and its .gz are emitted like any other file.
 *
 * Nothing inline may run (CSP `script-src 'self'`): the page carries the same script tags as index.html and
 * one inline style (allowed), which keeps the prerendered page invisible to a visitor whose system is in
 * dark mode: the script renders the app for them afresh, in dark.
 */
function prerenderLogin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'freight-desk:prerender-login',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const shell = bundle['index.html'];
        if (!shell || shell.type !== 'asset') return this.error('prerender-login: the build has no index.html');
        const { markup, themeCss } = await renderLoginMarkup(config.root);
        // The theme's global CSS goes into index.html itself, and so into login.html too (`withThemeCss`).
        shell.source = withThemeCss(String(shell.source), themeCss);
        const page = loginPage(shell.source, markup);
        // Emitted after the compression plugin has done the bundle: their copies are made here (index.html's
        // again, since its source changed).
        for (const [fileName, source] of [
          ['index.html', shell.source],
          ['login.html', page.html],
          [page.starterFile, page.starter],
        ] as const) {
          const bytes = Buffer.from(source);
          if (fileName !== 'index.html') this.emitFile({ type: 'asset', fileName, source });
          for (const [copy, compressed] of [
            [
              `${fileName}.br`,
              brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
            ],
            [`${fileName}.gz`, gzipSync(bytes, { level: 9 })],
          ] as const) {
            const existing = bundle[copy];
            if (existing?.type === 'asset') existing.source = compressed;
            else this.emitFile({ type: 'asset', fileName: copy, source: compressed });
          }
        }
      },
    },
  };
}

/**
 * Builds src/prerender/login-page.tsx for Node into a temporary directory and renders with it the page and
 * the theme's global CSS.
 */
async function renderLoginMarkup(root: string): Promise<{ markup: string; themeCss: string }> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'freight-desk-prerender-'));
  try {
    await build({
      configFile: false,
      root,
      mode: 'production',
      // The browser build above reports on the same modules; this one's chunk sizes mean nothing.
      logLevel: 'error',
      define: appDefines(),
      resolve: { alias: buildAliases },
      plugins: [react(), lazyChakraGlobalCss()],
      // Bundled whole, so the page renders with the packages' production builds and needs no node_modules
      // beside the temporary directory.
      ssr: { noExternal: true },
      build: {
        ssr: path.join(root, 'src/prerender/login-page.tsx'),
        outDir,
        emptyOutDir: true,
        copyPublicDir: false,
        minify: false,
        rolldownOptions: { output: { entryFileNames: 'login-page.mjs' } },
      },
    });
    const entry = pathToFileURL(path.join(outDir, 'login-page.mjs')).href;
    const { renderLoginPage, renderThemeCss } = (await import(entry)) as {
      renderLoginPage: () => string;
      renderThemeCss: () => string;
    };
    return { markup: renderLoginPage(), themeCss: renderThemeCss() };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/** Where src/app/chakra-system.ts looks for the theme's CSS (`THEME_CSS_ELEMENT_ID`). */
const THEME_CSS_ELEMENT_ID = 'fd-theme-css';

/**
 * index.html with the theme's global CSS in a <style> of its own (src/app/chakra-system.ts,
 * `getProviderSystem`): every page of the app, the service worker's shell included, then draws with the
 * theme's reset, global styles and CSS variables as soon as the HTML arrives, and the browser no longer
 * builds them on every load. Some 33 kB of CSS, about 5 kB as brotli sends it.
 */
function withThemeCss(indexHtml: string, themeCss: string): string {
  if (!indexHtml.includes('</head>')) throw new Error('theme-css: index.html has no </head> (vite.config.ts)');
  return indexHtml.replace('</head>', `  <style id="${THEME_CSS_ELEMENT_ID}">${themeCss}</style>\n  </head>`);
}

/**
 * Chakra's `createSystem` builds the theme's global CSS (`system._global`: the reset, the global styles and
 * every token as a CSS variable) up front, though the provider is its only reader; with that CSS in the
 * HTML (`withThemeCss`) the app's provider never reads it (src/app/chakra-system.ts), and building it was
 * a third of `createSystem`. This makes `_global` a getter that builds it on first read. It edits two lines
 * of @chakra-ui/react's styled-system/system.js and fails the build when either is no longer there (a
 * Chakra upgrade), rather than shipping the eager version unnoticed.
 */
function lazyChakraGlobalCss(): Plugin {
  const eager = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  const property = '\n    _global,\n';
  return {
    name: 'freight-desk:lazy-chakra-global-css',
    apply: 'build',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith('/@chakra-ui/react/dist/esm/styled-system/system.js')) return null;
      if (!code.includes(eager) || !code.includes(property))
        this.error("lazy-chakra-global-css: Chakra's createSystem changed; see vite.config.ts");
      return code
        .replace(eager, 'let _global;')
        .replace(
          property,
          '\n    get _global() {\n      return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n    },\n',
        );
    },
  };
}

/**
 * login.html's one script (a file, not inline: the CSP allows no inline script). The page is complete as
 * HTML, so the app's entry (React, Chakra, the router: a few hundred milliseconds of a phone's main thread
 * to evaluate and hydrate) starts when the visitor shows they are there: the first pointer move, touch, key,
 * focus or wheel. Until then the page has run no more than this. It starts at once when the page cannot stay
 * as rendered: a dark system theme (login.html hides its light content for that) or a notice in the history
 * entry. Once the page has loaded, it registers the service worker as the app would on a logged-out page
 * (src/lib/service-worker.ts: the browser's own call, the same registration), so a first visit is ready for
 * offline use before anyone touches it, and it fetches the entry's modules without running them
 * (`modulepreload`), so the first interaction waits for no download.
 *
 * A click on a button or a submitted form before React has hydrated the page is held, not lost and never
 * submitted the browser's way: the starter stops it and, when the app says it has hydrated
 * (PRERENDER_HYDRATED_EVENT, from useHydrated), clicks that button or submits that form again, now handled
 * by the app. Sign-in with the browser's saved password is then one click, as it is on a page that had its
 * script from the start. The pointer shows progress while a click is held. A choice made in a select (the
 * language) before then is made again the same way, once React has set the select to its own value.
 */
function loginStarter(modules: string[]): string {
  return [
    "// The prerendered sign-in page's starter (vite.config.ts, loginStarter).",
    `const modules = ${JSON.stringify(modules)};`,
    'let started = false;',
    'const start = () => {',
    '  if (started) return;',
    '  started = true;',
    '  for (const module of modules) void import(module);',
    '};',
    'let hydrated = false;',
    'let held = null;',
    'const hold = (event) => {',
    "  if (hydrated || !(event.target instanceof Element) || !event.target.closest('#root')) return;",
    "  const target = event.type === 'submit' ? event.target : event.target.closest('button');",
    '  if (!target) return;',
    '  event.preventDefault();',
    '  event.stopImmediatePropagation();',
    '  held = target;',
    "  document.documentElement.style.cursor = 'progress';",
    '  start();',
    '};',
    "addEventListener('click', hold, true);",
    "addEventListener('submit', hold, true);",
    'let chosen = null;',
    "addEventListener('change', (event) => {",
    "  if (hydrated || !(event.target instanceof HTMLSelectElement) || !event.target.closest('#root')) return;",
    '  chosen = { select: event.target, value: event.target.value };',
    '  start();',
    '}, true);',
    `document.addEventListener(${JSON.stringify(PRERENDER_HYDRATED_EVENT)}, () => {`,
    '  if (hydrated) return;',
    '  hydrated = true;',
    "  document.documentElement.style.cursor = '';",
    '  if (chosen && chosen.select.isConnected) {',
    '    chosen.select.value = chosen.value;',
    "    chosen.select.dispatchEvent(new Event('change', { bubbles: true }));",
    '  }',
    '  chosen = null;',
    '  const target = held;',
    '  held = null;',
    '  if (!target || !target.isConnected) return;',
    '  if (target instanceof HTMLFormElement) target.requestSubmit();',
    '  else target.click();',
    '});',
    "const dark = matchMedia('(prefers-color-scheme: dark)').matches;",
    'const notice = history.state !== null && history.state?.usr != null;',
    'if (dark || notice) start();',
    "for (const type of ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'])",
    '  addEventListener(type, start, { capture: true, once: true, passive: true });',
    "addEventListener('load', () => {",
    "  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);",
    '  for (const module of modules) {',
    "    const link = document.createElement('link');",
    "    link.rel = 'modulepreload';",
    '    link.href = module;',
    '    document.head.append(link);',
    '  }',
    '});',
    '',
  ].join('\n');
}

const MODULE_TAG =
  /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * index.html with the rendered screen in #root, marked as prerendered, the dark-system rule, and its module
 * scripts and preloads replaced by the starter (`starterFile`, whose source is returned with the page).
 */
function loginPage(indexHtml: string, markup: string): { html: string; starter: string; starterFile: string } {
  const emptyRoot = '<div id="root"></div>';
  if (!indexHtml.includes(emptyRoot) || !indexHtml.includes('</head>'))
    throw new Error(`prerender-login: index.html no longer has ${emptyRoot} (vite.config.ts)`);
  const modules = [...indexHtml.matchAll(MODULE_TAG)].map((match) => (match[1] ?? match[2])!);
  if (modules.length === 0) throw new Error('prerender-login: index.html has no module script (vite.config.ts)');
  const starter = loginStarter(modules);
  const starterFile = `assets/login-start-${createHash('sha256').update(starter).digest('hex').slice(0, 8)}.js`;
  const darkSystemRule = `<style>@media (prefers-color-scheme: dark) { #root[${PRERENDERED_ATTRIBUTE}] { visibility: hidden } }</style>`;
  const html = indexHtml
    .replace(MODULE_TAG, '')
    .replace('</head>', `  <script type="module" src="/${starterFile}"></script>\n    ${darkSystemRule}\n  </head>`)
    .replace(emptyRoot, `<div id="root" ${PRERENDERED_ATTRIBUTE}="/login">${markup}</div>`);
  return { html, starter, starterFile };
}

export default defineConfig(({ command }) => ({
  define: appDefines(),
  resolve: {
    alias: command === 'build' ? buildAliases : [],
  },
  plugins: [
    withoutZodJsonSchema(),
    react(),
    lazyChakraGlobalCss(),
    prerenderLogin(),
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
        // The signed-in home. `id` pins the installed app's identity to it, so a later change of
        // start_url installs no second app.
        id: '/dashboard',
        start_url: '/dashboard',
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
        // The installed icon's menu. Mail and notifications are dialogs of the nav bar, not routes: `?open=`
        // opens one over the dashboard. Icons and screenshots: scripts/capture-screenshots.mjs.
        shortcuts: [
          {
            name: 'Mail',
            short_name: 'Mail',
            url: '/dashboard?open=mail',
            icons: [{ src: '/icons/shortcut-mail.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Notifications',
            short_name: 'Notifications',
            url: '/dashboard?open=notifications',
            icons: [{ src: '/icons/shortcut-notifications.png', sizes: '96x96', type: 'image/png' }],
          },
          {
            name: 'Settings',
            short_name: 'Settings',
            url: '/settings/profile',
            icons: [{ src: '/icons/shortcut-settings.png', sizes: '96x96', type: 'image/png' }],
          },
        ],
        // The browser's richer install dialog on desktop (wide) and phones (narrow).
        screenshots: [
          {
            src: '/screenshots/dashboard-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'The dashboard: your plan, notifications, recent activity and counts',
          },
          {
            src: '/screenshots/dashboard-narrow.png',
            sizes: '412x915',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'The dashboard on a phone',
          },
        ],
      },
      injectManifest: {
        // The shell and every lazy chunk: any screen must load offline and after a deploy.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // Only the browser's install dialog shows them, online: no user should download them.
        globIgnores: ['screenshots/**'],
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
          groups: [
            { name: 'index', tags: ['$initial'] },
            // What every signed-in screen loads with the frame (TanStack Query, the query client and its
            // persistence helpers, formats, permission checks, the outbox count): one chunk rather than a dozen
            // of a few hundred bytes each, which the signed-in first load (budget 230 kB) pays for in per-file
            // overhead and in the entry's chunk map.
            { name: 'signed-in', test: SIGNED_IN_CORE },
            // The life cycle and the refresh it starts: one file on the signed-in first load instead of two.
            {
              name: 'session-lifecycle',
              test: /src\/lib\/(session\/(session-lifecycle|page-refresh)|firebase\/firebase-session)\./,
            },
          ],
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
