import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import type { Plugin, Rolldown } from "vite";

const SERVICE_WORKER = "listen-sw.js";

/**
 * Every file of the client build that the chunks whose module matches `entry` can load: their
 * code, the code they import or load on demand (a lazy chart), and the styles and assets of all of
 * it, as the bundle's graph says, sorted.
 */
export function filesReachedFrom(bundle: Rolldown.OutputBundle, entry: RegExp): string[] {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const file of Object.values(bundle)) if (file.type === "chunk") chunks.set(file.fileName, file);
  const queue = [...chunks.values()]
    .filter((chunk) =>
      [chunk.facadeModuleId, ...chunk.moduleIds].some((id) => id && entry.test(id.split("?")[0] ?? id)),
    )
    .map((chunk) => chunk.fileName);
  const seen = new Set<string>(queue);
  const files = new Set<string>();
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const chunk = chunks.get(name);
    if (!chunk) continue;
    files.add(chunk.fileName);
    for (const file of [
      ...(chunk.viteMetadata?.importedCss ?? []),
      ...(chunk.viteMetadata?.importedAssets ?? []),
    ])
      files.add(file);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...files].sort().map((file) => `/${file}`);
}

/**
 * Writes the listener app's service worker (`source`) into the client build as /listen-sw.js, with
 * its precache list (every file the modules matching `entry` can load, from the bundle's own graph,
 * so a chunk loaded on demand, and its styles, are kept too), a version naming that list, and the
 * paths of the pages prerendered to HTML of their own (`prerendered`), which are never its shell.
 */
export function listenServiceWorker({
  source,
  entry,
  prerendered,
}: {
  source: string;
  entry: RegExp;
  prerendered: readonly string[];
}): Plugin {
  return {
    name: "serene:listen-service-worker",
    async generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      this.addWatchFile(source);
      const files = filesReachedFrom(bundle, entry);
      const version = createHash("sha256").update(files.join("\n")).digest("base64url").slice(0, 12);
      const code = (await fs.readFile(source, "utf8"))
        .replace("self.__LISTEN_PRECACHE__", JSON.stringify(files))
        .replace("self.__LISTEN_VERSION__", JSON.stringify(version))
        .replace("self.__LISTEN_PRERENDERED__", JSON.stringify(prerendered));
      this.emitFile({ type: "asset", fileName: SERVICE_WORKER, source: code });
    },
  };
}
