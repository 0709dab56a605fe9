// Builds the web app and the API when their build is missing or older than their sources.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const contract = path.join(root, "packages/contract/src");
const parts = [
  {
    name: "web app",
    workspace: "@serene/web",
    output: path.join(root, "apps/web/build/client/__spa-fallback.html"),
    sources: [path.join(root, "apps/web/app"), path.join(root, "apps/web/public"), contract],
  },
  {
    name: "API",
    workspace: "@serene/api",
    output: path.join(root, "apps/api/dist/server.js"),
    sources: [path.join(root, "apps/api/src"), contract],
  },
];

/** The builds' own output (Vite's asset list, deprecation and future-flag warnings): kept here, not shown. */
const buildLog = path.join(root, "build.log");

export function ensureBuilt() {
  let logStarted = false;
  for (const part of parts) {
    const built = mtime(part.output);
    const sources = Math.max(...part.sources.filter((s) => fs.existsSync(s)).map(newestMtime));
    if (built && built >= sources) continue;
    console.log(`Building the ${part.name}${built ? " (sources changed)" : ""}... (output in build.log)`);
    const log = fs.openSync(buildLog, logStarted ? "a" : "w");
    logStarted = true;
    const result = spawnSync("npm", ["run", "build", "-w", part.workspace], {
      cwd: root,
      stdio: ["ignore", log, log],
    });
    fs.closeSync(log);
    if (result.status !== 0) {
      const tail = fs.readFileSync(buildLog, "utf8").split("\n").slice(-40).join("\n");
      console.error(`${tail}\nBuilding the ${part.name} failed: the whole output is in ${buildLog}`);
      process.exit(result.status ?? 1);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureBuilt();
