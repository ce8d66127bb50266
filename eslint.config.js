import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'src/web/dist', 'data', 'coverage', 'docs/reference'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Draw from a DiceSource / RandomStream; Math.random is not reproducible.' }],
    },
  },
);
