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
supervise(["--max-semi-space-size=32", "--enable-source-maps", path.join(root, "apps/api/dist/server.js")]);
