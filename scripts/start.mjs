// `npm start`: builds what is missing, then runs the server (it migrates at start) on PORT.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuilt } from "./ensure-built.mjs";
import { supervise } from "./supervise.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
ensureBuilt();
// A young generation of 2 x 32 MB instead of V8's 2 x 16 MB: with many requests in flight the default
// is scavenged every few dozen requests and promotes more of what is still in use (docs/benchmarks.md,
// issue 36); costs ~30 MB of memory more at most.
// Node 20's V8 has no mid-tier compiler (Node 22 and later have Maglev): TurboFan takes a hot function
// after 66 KB of bytecode run by default, so a fresh server spends its first seconds of traffic
// interpreted, at 2-4 times its settled CPU per request. A quarter of that budget settles it in about
// a second (docs/benchmarks.md, issue 36). Later Node versions have no such flag, and need none.
const tiering = process.versions.node.startsWith("20.") ? ["--interrupt-budget=16384"] : [];
supervise([
  "--max-semi-space-size=32",
  ...tiering,
  "--enable-source-maps",
  path.join(root, "apps/api/dist/server.js"),
]);
