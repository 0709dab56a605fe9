import { defineConfig } from "vitest/config";

const api = { include: ["apps/api/src/**/*.test.ts"], testTimeout: 30_000, hookTimeout: 60_000 };

// TEST_WORKERS: how many test files run at once (Vitest's default: one fewer than the cores).
const workers = Number(process.env.TEST_WORKERS) || undefined;

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      { test: { name: "contract", include: ["packages/contract/src/**/*.test.ts"] } },
      // The root scripts (npm start's build step).
      { test: { name: "scripts", include: ["scripts/**/*.test.ts"] } },
      // The web build's own plugins, each through a real (small) Vite build.
      { test: { name: "web-build", include: ["apps/web/vite/**/*.test.ts"], testTimeout: 60_000 } },
      // The web app's own rules (the player), in Node with the browser's parts stood in for.
      { test: { name: "web", include: ["apps/web/app/**/*.test.ts"] } },
      { test: { name: "api-pglite", ...api, env: { TEST_DATABASE_URL: "" } } },
      // The same API suite against a real PostgreSQL server, when one is given.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: "api-postgres",
                ...api,
                env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
              },
            },
          ]
        : []),
    ],
  },
});
