import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `npm start` and the browser suite build what is missing through scripts/ensure-built.mjs: the
 * builds' own output goes to build.log, the terminal gets one line per part, and a failing build
 * shows its last lines and where the whole log is. Run here in a small workspace of its own whose
 * builds are stand-ins (a line on stdout, one on stderr, the output file or an exit code).
 */
function workspace(builds: { web: string; api: string }) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "serene-ensure-built-"));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write(
    "scripts/ensure-built.mjs",
    fs.readFileSync(path.join(import.meta.dirname, "ensure-built.mjs"), "utf8"),
  );
  write(
    "package.json",
    JSON.stringify({ name: "fake", private: true, workspaces: ["apps/web", "apps/api"] }),
  );
  for (const [dir, name, build] of [
    ["apps/web", "@serene/web", builds.web],
    ["apps/api", "@serene/api", builds.api],
  ] as const) {
    write(
      `${dir}/package.json`,
      JSON.stringify({ name, private: true, scripts: { build: `node build.cjs` } }),
    );
    write(`${dir}/build.cjs`, build);
  }
  write("apps/web/app/root.tsx", "export {};\n");
  write("apps/api/src/server.ts", "export {};\n");
  const run = () =>
    spawnSync(process.execPath, [path.join(root, "scripts/ensure-built.mjs")], {
      cwd: root,
      encoding: "utf8",
    });
  return { root, run };
}

const noisyBuild = (output: string) => `
console.log("vite v7 building for production... 412 modules transformed");
console.error("(!) a deprecation warning");
require("node:fs").mkdirSync(require("node:path").dirname(${JSON.stringify(output)}), { recursive: true });
require("node:fs").writeFileSync(${JSON.stringify(output)}, "built");
`;

describe("ensure-built", () => {
  it("builds what is missing with one line each on the terminal, the builds' noise in build.log; then nothing", () => {
    const { root, run } = workspace({
      web: noisyBuild("build/client/__spa-fallback.html"),
      api: noisyBuild("dist/server.js"),
    });
    const first = run();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toBe(
      "Building the web app... (output in build.log)\nBuilding the API... (output in build.log)\n",
    );
    expect(first.stderr).toBe("");
    const log = fs.readFileSync(path.join(root, "build.log"), "utf8");
    expect(log.match(/412 modules transformed/g)).toHaveLength(2);
    expect(log).toContain("a deprecation warning");

    const again = run();
    expect([again.status, again.stdout, again.stderr]).toEqual([0, "", ""]);
  }, 60_000);

  it("a failing build: its last lines on the terminal, where the whole log is, and its exit code", () => {
    const { root, run } = workspace({
      web: `console.log("transforming..."); console.error("error TS2304: Cannot find name 'x'"); process.exit(3);`,
      api: noisyBuild("dist/server.js"),
    });
    const result = run();
    expect(result.status).toBe(3);
    expect(result.stdout).toBe("Building the web app... (output in build.log)\n");
    expect(result.stderr).toContain("error TS2304: Cannot find name 'x'");
    expect(result.stderr).toContain(
      `Building the web app failed: the whole output is in ${path.join(root, "build.log")}`,
    );
    // The API was not built after the web app failed.
    expect(fs.existsSync(path.join(root, "apps/api/dist/server.js"))).toBe(false);
  }, 60_000);
});
