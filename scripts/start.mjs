// `npm start`: builds what is missing, then runs the server (it migrates at start) on PORT.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuilt } from "./ensure-built.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
ensureBuilt();
const server = spawn(process.execPath, ["--enable-source-maps", path.join(root, "apps/api/dist/server.js")], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
// Pass stop signals on; the server shuts down gracefully and we leave with its exit code.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
