import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Four projects: fast unit and component tests; browser tests of this practice's frozen copy
// (tests/fixtures/saltbush), which may assert its facts; and the live site.yaml as staff left it, built and
// checked for invariants only (budgets, every route accessible and linked), so a correct edit never fails; and the
// staff editor in Chromium.
const browser = { environment: 'node', fileParallelism: false, testTimeout: 120_000, hookTimeout: 300_000 } as const;

export default mergeConfig(viteConfig, defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/**/*.test.{ts,tsx}'], exclude: ['tests/e2e/**', 'tests/live/**', 'tests/editor/browser/**'], environment: 'node', testTimeout: 30_000 },
      },
      {
        extends: true,
        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], globalSetup: ['tests/e2e/globalSetup.ts'], ...browser },
      },
      {
        extends: true,
        test: { name: 'live', include: ['tests/live/**/*.test.ts'], globalSetup: ['tests/live/globalSetup.ts'], ...browser },
      },
      {
        // The staff editor driven in Chromium, each test on its own copy of the practice in a temporary git repository.
        extends: true,
        test: { name: 'editor', include: ['tests/editor/browser/**/*.test.ts'], ...browser },
      },
    ],
  },
}));
