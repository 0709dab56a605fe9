// Bundles the API into dist/server.js: our TypeScript (and the contract package) compiled in,
// npm dependencies left to node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["src/server.ts"],
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  packages: "external",
  // The contract is TypeScript source inside the workspace: compile it in.
  alias: { "@serene/contract": "../../packages/contract/src/index.ts" },
  logLevel: "warning",
});
