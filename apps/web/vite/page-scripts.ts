import { createHash } from "node:crypto";
import path from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";

const SUFFIX = "?page-script";

/**
 * `import url from "./x.ts?page-script"`: bundles x.ts on its own (minified, no React) and gives
 * the URL of the file. A prerendered public page loads such a script to enhance its HTML forms;
 * it stays a few kilobytes because it is not part of the React app.
 *
 * The client build writes the file; the prerendering build only needs its URL, which is the same
 * in both because the name holds the hash of the same bundled code. In development the URL points
 * at the source, which Vite serves.
 */
export function pageScripts(): Plugin {
  let serving = false;
  return {
    name: "serene:page-scripts",
    configResolved(config) {
      serving = config.command === "serve";
    },
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      const file = id.slice(0, -SUFFIX.length);
      if (serving) return `export default ${JSON.stringify(`/@fs${file}`)};`;
      const result = await build({
        entryPoints: [file],
        bundle: true,
        format: "esm",
        target: "es2022",
        minify: true,
        write: false,
        metafile: true,
        legalComments: "none",
        logLevel: "warning",
      });
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(path.resolve(input));
      const code = result.outputFiles[0]?.text ?? "";
      const hash = createHash("sha256").update(code).digest("base64url").slice(0, 10);
      const fileName = `assets/${path.basename(file, path.extname(file))}-${hash}.js`;
      if (this.environment.name === "client") this.emitFile({ type: "asset", fileName, source: code });
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
  };
}
