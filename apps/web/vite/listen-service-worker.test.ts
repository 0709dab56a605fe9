import { fileURLToPath } from "node:url";
import { build, type Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { filesReachedFrom } from "./listen-service-worker";

const fixture = (name: string) =>
  fileURLToPath(new URL(`./test-fixtures/service-worker/${name}`, import.meta.url));

describe("the listener service worker's precache list (vite/listen-service-worker.ts)", () => {
  it("holds what the listener pages load on demand and its styles, and nothing of other pages", async () => {
    const output = (await build({
      configFile: false,
      logLevel: "silent",
      root: fileURLToPath(new URL(".", import.meta.url)),
      build: {
        write: false,
        minify: false,
        rolldownOptions: { input: { page: fixture("page.js"), admin: fixture("admin.js") } },
      },
    })) as Rolldown.RolldownOutput;
    const bundle = Object.fromEntries(output.output.map((file) => [file.fileName, file]));
    const files = filesReachedFrom(bundle, /service-worker[\\/]page\.js$/);
    expect(files.some((file) => /\/assets\/page-[\w-]+\.js$/.test(file))).toBe(true);
    expect(files.some((file) => /\/assets\/chart-[\w-]+\.js$/.test(file))).toBe(true);
    expect(files.some((file) => /\/assets\/chart-[\w-]+\.css$/.test(file))).toBe(true);
    expect(files.some((file) => file.includes("admin"))).toBe(false);
  });
});
