// Lint rules, including the import boundaries of STYLE.md: features never import one another, shared
// code is pure, the server and the service worker reach the app only through src/shared.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const features = (() => {
  try {
    return readdirSync('src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

const zones = [
  // One feature never imports another: shared pieces move to src/lib or src/shared.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features never import one another (STYLE.md).',
  })),
  { target: './src/features', from: './src/app', message: 'Features do not import the app shell.' },
  {
    target: './src/lib',
    from: ['./src/app', './src/features'],
    message: 'src/lib is below the features and the shell.',
  },
  {
    target: './src/shared',
    from: ['./src/app', './src/features', './src/lib', './server', './sw'],
    message: 'src/shared is pure TypeScript used by the app, the service worker and the server.',
  },
  {
    target: './server',
    from: ['./src/app', './src/features', './src/lib', './sw'],
    message: 'The server reaches the app only through src/shared.',
  },
  {
    target: './sw',
    from: ['./src/app', './src/features', './src/lib', './server'],
    message: 'The service worker reaches the app only through src/shared.',
  },
  { target: './src', from: ['./server'], message: 'The web app never imports server code.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      // Without these import-x reads only .js files, so no-cycle never followed an import between two
      // TypeScript modules (a cycle in src/lib/session went unreported).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'node:*', 'firebase', 'firebase/*'],
              message: 'src/shared has no React, DOM or Node APIs.',
            },
          ],
        },
      ],
    },
  },
);
