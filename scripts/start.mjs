// `npm start`: builds what is missing, then runs the server (it migrates at start) on PORT.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuilt } from "./ensure-built.mjs";
import { supervise } from "./supervise.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
ensureBuilt();
// Tuned per V8, as measured on the users list (docs/benchmarks.md, issue 36):
// - A fresh server spends its first seconds of traffic in unoptimised code, at 2-4 times its settled
//   CPU per request, until V8 hands its hot functions to TurboFan. Node 20's V8 does so after 66 KB of
//   bytecode run (a quarter of that settles it in about a second); later versions, with Maglev
//   between, after 3,000 calls of a function (a third of that settles it in 2-3 s instead of 8-10,
//   and its settled CPU is no higher).
// - A larger young generation than V8's 2 x 16 MB: with many requests in flight the default is
//   scavenged every few dozen requests and promotes more of what is still in use. 2 x 32 MB on Node
//   20 (64 and 128 measured no better there). 2 x 128 MB on later versions: at 2 x 64 MB their
//   scavenges still found ~4 MB alive each time and promoted nearly all of it, which the old
//   generation's collector then marked and swept on a second core (~10% of a request's CPU); at
//   2 x 128 MB about 0.5 MB survives, as on Node 20, and nothing is promoted. 256 measured no better.
//   Resident memory under load came out the same (~500 MB at 64 and at 128): the young generation
//   grows, the old one no longer fills with promoted garbage.
const tuning = process.versions.node.startsWith("20.")
  ? ["--max-semi-space-size=32", "--interrupt-budget=16384"]
  : ["--max-semi-space-size=128", "--invocation-count-for-turbofan=1000"];
supervise([...tuning, "--enable-source-maps", path.join(root, "apps/api/dist/server.js")]);
