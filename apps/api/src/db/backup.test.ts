import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { repoRoot } from "../config/env.ts";
import { createMedia } from "../modules/media/index.ts";
import { bearer, buildUser, login } from "../test-support/factories.ts";
import { testConfig, testDatabaseKind } from "../test-support/harness.ts";
import { freshPostgresDatabase } from "../test-support/server-process.ts";
import { openConfiguredDatabase } from "./open.ts";
import { seedDemoData } from "../demo/catalogue.ts";

const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL;

/** A DATA_DIR (and, on the PostgreSQL project, a new empty database) of its own. */
async function freshPlace(): Promise<Record<string, string>> {
  const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "serene-backup-"));
  return serverUrl ? { DATA_DIR, DATABASE_URL: await freshPostgresDatabase(serverUrl) } : { DATA_DIR };
}

/** `npm run <script> -- <args>` at the repository root, configured by `place`. */
function npmRun(script: string, args: string[], place: Record<string, string>) {
  return run("npm", ["run", "--silent", script, "--", ...args], {
    cwd: repoRoot(),
    env: { ...process.env, DATABASE_URL: "", ...place, INIT_CWD: repoRoot() },
  });
}

async function openApp(place: Record<string, string>) {
  const config = testConfig(place);
  const app = await buildApp({ config, database: await openConfiguredDatabase(config) });
  await app.ready();
  return { app, config };
}

describe(`npm run backup / npm run restore (${testDatabaseKind})`, () => {
  it("restores a backup into an empty data folder; the restored server answers the same content and media", async () => {
    const source = await freshPlace();
    const before = await openApp(source);
    const token = await login(before.app, (await buildUser(before.app.db, { role: "admin" })).email);
    expect(
      await seedDemoData(before.app.db, createMedia(before.config, before.app.db, { warn: () => {} }).media),
    ).toBe(true);
    const read = async (app: typeof before.app) => {
      const get = (url: string) => app.inject({ method: "GET", url, headers: bearer(token) });
      const resources = await get("/api/v1/user/resources?limit=100");
      const interests = await get("/api/v1/user/interests");
      expect(resources.statusCode).toBe(200);
      const first = resources.json().data[0] as { resourceUrl: string; image: string };
      const files = await Promise.all([first.resourceUrl, first.image].map((u) => get(new URL(u).pathname)));
      return {
        resources: resources.json(),
        interests: interests.json(),
        files: files.map((f) => ({ status: f.statusCode, bytes: f.rawPayload.length, body: f.rawPayload })),
      };
    };
    const original = await read(before.app);
    expect(original.resources.meta.total).toBe(12);
    expect(original.files.map((f) => f.status)).toEqual([200, 200]);
    await before.app.close();

    const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "serene-backups-")), "nightly");
    const made = await npmRun("backup", [folder], source);
    expect(made.stdout).toContain(`written to ${folder}`);
    expect(JSON.parse(fs.readFileSync(path.join(folder, "manifest.json"), "utf8"))).toMatchObject({
      database: testDatabaseKind,
      media: true,
    });

    const target = await freshPlace();
    const restored = await npmRun("restore", [folder], target);
    expect(restored.stdout).toContain("Restored");
    const after = await openApp(target);
    try {
      // The same answers, byte for byte, and the old session still signs the admin in.
      const again = await read(after.app);
      expect(again.resources).toEqual(original.resources);
      expect(again.interests).toEqual(original.interests);
      expect(again.files).toEqual(original.files);
    } finally {
      await after.app.close();
    }

    // A restore never overwrites a database that has data.
    await expect(npmRun("restore", [folder], target)).rejects.toMatchObject({
      stderr: expect.stringMatching(/not empty/),
    });
  }, 120_000);
});
