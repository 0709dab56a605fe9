import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, SITE_LINKS } from "./apps/web/e2e/fixtures.ts";

const PORT = Number(process.env.E2E_PORT ?? 3210);
// Each run starts the real server on a fresh embedded database. Workers load this file again and
// inherit the directory through the environment, so tests can read the server's files (the outbox).
process.env.SERENE_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "serene-e2e-"));
const dataDir = process.env.SERENE_E2E_DATA_DIR;

export default defineConfig({
  testDir: "apps/web/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node apps/api/dist/server.js",
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      DATABASE_URL: "",
      // Links in e-mails (verify, reset, invitations) point here, where the browser is.
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      // Journeys create what they need; the demo catalogue has its own test.
      DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      // Every journey signs in and sends forms from this one address; the limits themselves are
      // proven by the API suite.
      LOGIN_ATTEMPTS_PER_ADDRESS: "1000",
      SUPPORT_REQUESTS_PER_ADDRESS: "1000",
      // The reminders journey's push service is a local HTTP server (APP-API.md part 3).
      PUSH_ALLOW_LOOPBACK: "1",
      // Not the build's defaults: the pages must show these, with and without JavaScript.
      SUPPORT_EMAIL: SITE_LINKS.supportEmail,
      APP_STORE_URL: SITE_LINKS.appStoreUrl,
      PLAY_STORE_URL: SITE_LINKS.playStoreUrl,
    },
  },
});
