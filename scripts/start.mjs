// `npm start`: builds what is missing, then runs the server (it migrates at start) on PORT.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuilt } from "./ensure-built.mjs";
import { supervise } from "./supervise.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
ensureBuilt();
supervise(["--enable-source-maps", path.join(root, "apps/api/dist/server.js")]);
