import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** A relative import of one of the web's layers, as a no-restricted-imports pattern. */
function layerImport(layers) {
  return {
    regex: `^(\\.\\./)+(${layers.join('|')})(/|$)`,
    message: `A lower layer of apps/web/src may not import ${layers.join(', ')} (docs/architecture.md).`,
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', '.bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
    },
  },
  // Every PDF the server makes comes from one factory that makes it PDF/A-2b and tagged
  // (core/pdf-document.ts, docs/decisions/0026-archival-pdfs.md). Tests make sample uploads freely.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/core/pdf-document.ts', 'apps/server/src/test/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'pdfkit',
              message: 'Make PDFs with archivalPdf() of core/pdf-document.ts: PDF/A-2b and tagged, in one place.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The web's imports point down: app -> pages/layouts -> features -> components -> shared
  // (docs/architecture.md), in tests as in the code they test.
  {
    files: ['apps/web/src/{features,components}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [layerImport(['app'])] }] },
  },
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [layerImport(['app', 'pages', 'layouts', 'features', 'components'])] },
      ],
    },
  },
);
