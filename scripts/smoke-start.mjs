// A start-up smoke test of the built server on whatever `node` runs this script (CI runs it on
// each supported Node major): starts it on an empty data folder with the demo data, waits until
// it is healthy, reads a public page, the back office's shell and the API, then stops it with
// SIGTERM and expects a clean exit. Exits non-zero, saying why, on any failure.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "serene-smoke-"));
const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, "127.0.0.1", () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
let output = "";
const server = spawn(process.execPath, [path.join(root, "apps/api/dist/server.js")], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "" },
  stdio: ["ignore", "pipe", "pipe"],
});
server.stdout.on("data", (chunk) => (output += chunk));
server.stderr.on("data", (chunk) => (output += chunk));
const exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)));

function fail(message) {
  console.error(`smoke test on Node ${process.version} failed: ${message}\n--- server output ---\n${output}`);
  server.kill("SIGKILL");
  process.exit(1);
}

const startedAt = Date.now();
for (;;) {
  if (server.exitCode !== null) fail(`the server exited with ${server.exitCode} while starting`);
  if (Date.now() - startedAt > 90_000) fail("not healthy after 90 s");
  const health = await fetch(`${base}/api/health`).catch(() => null);
  if (health?.status === 200) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const healthyAfter = Date.now() - startedAt;

const checks = [
  ["/", 200, "text/html"],
  ["/md-login", 200, "text/html"],
  ["/api/v1/user/app-message", 200, "application/json"],
  ["/api/openapi.json", 200, "application/json"],
];
for (const [url, status, type] of checks) {
  const res = await fetch(base + url).catch((err) => fail(`${url}: ${err.message}`));
  if (res.status !== status) fail(`${url} answered ${res.status}, expected ${status}`);
  if (!res.headers.get("content-type")?.startsWith(type))
    fail(`${url} answered ${res.headers.get("content-type")}`);
}

server.kill("SIGTERM");
const code = await Promise.race([
  exited,
  new Promise((resolve) => setTimeout(() => resolve("timeout"), 15_000)),
]);
if (code !== 0) fail(`SIGTERM ended it with ${code}, expected 0`);
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  `smoke test on Node ${process.version}: healthy after ${healthyAfter} ms, pages and API answer, clean stop`,
);
