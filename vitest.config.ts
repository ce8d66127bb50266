import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['node_modules', 'src/web/**/*.browser.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
  },
});
