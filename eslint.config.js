import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

const webFeatures = readdirSync(new URL('packages/web/src/features', import.meta.url));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'e2e/.data/**', 'e2e/test-results/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins, hooks and handlers are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Conventions as rules (docs/decisions/006-layers-and-modules.md).
    files: ['packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['packages/*/tsconfig.json'] })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // Migrations keep Kysely's timestamped names: they are the keys of already-run migrations.
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['packages/server/src/db/migrations/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,css}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/**/*.repository.ts', 'packages/server/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['kysely'], message: 'Queries live in *.repository.ts and db/ only.' },
            {
              group: ['../*/*.repository.ts'],
              message: "A module calls another module's service, never its repository.",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)$/]',
          message: 'Queries live in *.repository.ts and db/ only.',
        },
        {
          selector: 'ArrowFunctionExpression > ObjectExpression > SpreadElement ~ *',
          message:
            'A spread followed by more fields gives each item a hidden class of its own: name the fields, or add them to the object (docs/decisions/041-objects-built-once.md).',
        },
      ],
    },
  },
  {
    files: ['packages/server/src/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*/*.repository.ts'], message: "A module never reads another module's repository." },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [
                './packages/server/src/plugins',
                './packages/server/src/lib',
                './packages/server/src/db',
                './packages/server/src/config',
              ],
              from: [
                './packages/server/src/modules',
                './packages/server/src/app.ts',
                './packages/server/src/cli',
              ],
              message:
                'Plugins, lib, db and config never import a module (docs/decisions/006-layers-and-modules.md).',
            },
            {
              target: './packages/server/src/modules',
              from: [
                './packages/server/src/app.ts',
                './packages/server/src/server.ts',
                './packages/server/src/cli',
              ],
              message: 'Modules never import the wiring above them.',
            },
            {
              target: [
                './packages/web/src/components',
                './packages/web/src/lib',
                './packages/web/src/config',
              ],
              from: ['./packages/web/src/features', './packages/web/src/app'],
              message: 'Shared web code never imports a feature or a route.',
            },
            {
              target: './packages/web/src/features',
              from: './packages/web/src/app',
              message: 'Features never import the routes that compose them.',
            },
            ...webFeatures.map((feature) => ({
              target: `./packages/web/src/features/${feature}`,
              from: './packages/web/src/features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature: the route composes them.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The domain package is shared by server and web: no Node or DOM imports.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-*', 'fastify', 'kysely'] }],
    },
  },
  {
    // What a page shows before any check: the web app loads it without zod (see below).
    files: ['packages/domain/src/{constants,rules}/**/*.ts', 'packages/domain/src/messages.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', '**/schemas/*', '**/zod-french*'],
              allowTypeImports: true,
              message: 'Constants and rules stay free of zod (docs/decisions/047-zod-with-the-form.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '@coulisses/server*'], message: 'The web never imports the server.' },
            {
              group: ['zod', '@coulisses/domain/schemas/*', '@coulisses/domain/zod-french'],
              allowTypeImports: true,
              message:
                'zod comes with a form’s first check, not with its page: import its schema in `validate` (lib/validation.ts), and values from a zod-free module (docs/decisions/047-zod-with-the-form.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read loosely typed JSON answers; asserting on them is the point.
    files: ['**/test/**/*.ts', '**/*.test.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
