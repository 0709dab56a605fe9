import { createHash } from "node:crypto";
import path from "node:path";
import { build, type Plugin as EsbuildPlugin } from "esbuild";
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
        plugins: [declarationsArePlainData],
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

/**
 * The contract's endpoint declarations (`@serene/contract/endpoints`) are plain data, but esbuild
 * cannot tell that an `endpoint({...})` call has no side effect: told so, a page script keeps only
 * the area it calls (the support form's script is some 10 kB, not 64 kB with every declaration).
 */
export const declarationsArePlainData: EsbuildPlugin = {
  name: "serene:declarations-are-plain-data",
  setup(esbuild) {
    esbuild.onResolve({ filter: /endpoints|^\.\.?\/[\w-]+\.ts$/ }, async (args) => {
      if (args.pluginData === "resolving") return undefined;
      const resolved = await esbuild.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        importer: args.importer,
        pluginData: "resolving",
      });
      const declarations = /packages[\\/]contract[\\/]src[\\/]endpoints[\\/]/.test(resolved.path);
      return declarations ? { ...resolved, sideEffects: false } : resolved;
    });
  },
};
