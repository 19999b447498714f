// ESLint (flat config): typescript-eslint's recommended rules and the React hooks rules (with
// exhaustive-deps, as an error). `npm run -s lint` runs it; `npm test` runs it after the type check.
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig([
  {
    ignores: [
      'dist/',
      // A contributor's own experiments (gitignored): not part of the project.
      'scratch/',
      // Written by `npm run generate` (scripts/generate.ts); tests fail when they are out of date.
      'engine/generated/',
      'app/ui/formulas/typeset.ts',
    ],
  },
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    rules: {
      // `const { warnings: _omit, ...rest } = report` is how this code leaves a key out of a copy:
      // the named key is there to be dropped.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // The recommended preset only warns on these three, and a warning does not fail `npm test`.
      // useSliced takes a make function and its deps as useMemo does: its callers' lists are checked too.
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useSliced$' }],
      'react-hooks/incompatible-library': 'error',
      'react-hooks/unsupported-syntax': 'error',
    },
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
]);
