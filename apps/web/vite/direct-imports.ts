import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type { Plugin } from "vite";

/** Packages whose one index file re-exports everything (a "barrel"). */
const BARRELS = ["@mantine/core", "@mantine/hooks", "@mantine/notifications", "@tabler/icons-react"];
const escaped = BARRELS.map((name) => name.replace(/[/.]/g, "\\$&")).join("|");
const BARREL_IMPORT = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*(["'])(${escaped})\\2;?`, "g");
/** A barrel's `import { … } from "…"` (named again by a later `export { … }`) or `export { … } from "…"`. */
const BARREL_LINE = /(import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const COMPONENT_CLASSES = /[\\/]@mantine[\\/]core[\\/]esm[\\/].+[\\/](\w+)\.module\.mjs$/;
const STYLES = /[\\/]@mantine[\\/]core[\\/]styles\.css$/;
const COMPONENT_STYLES = /[\\/]@mantine[\\/]core[\\/]styles[\\/](\w+)\.css$/;
const LAYERS_MODULE = "virtual:mantine-layers";
/** What every Mantine page needs whatever it shows: Mantine's own order, before any component's. */
const BASE_STYLES = ["baseline.css", "default-css-variables.css", "global.css"];

/** Where each name of a barrel comes from: the file (or package) and the name it has there. */
type Origins = Map<string, { file: string; name: string }>;

/** `a, b as c` → [["a", "a"], ["b", "c"]] (type-only names are left out). */
function specifiers(list: string): [imported: string, local: string][] {
  return list
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && !part.startsWith("type "))
    .map((part) => {
      const [imported = part, local = imported] = part.split(/\s+as\s+/);
      return [imported, local];
    });
}

/** Reads where every name a barrel exports comes from. */
function readBarrel(barrelFile: string): Origins {
  const source = fs.readFileSync(barrelFile, "utf8");
  const imported = new Map<string, { file: string; name: string }>();
  const origins: Origins = new Map();
  for (const [, keyword, list = "", from = ""] of source.matchAll(BARREL_LINE)) {
    // A file of the package, or another package (imported by its name as the barrel does).
    const file = from.startsWith(".") ? path.resolve(path.dirname(barrelFile), from) : from;
    for (const [name, as] of specifiers(list))
      (keyword === "export" ? origins : imported).set(as, { file, name });
  }
  for (const [, list = ""] of source.matchAll(/export\s*\{([^}]*)\}\s*;/g)) {
    for (const [local, exported] of specifiers(list)) {
      const origin = imported.get(local);
      if (origin) origins.set(exported, origin);
    }
  }
  return origins;
}

/** Where Mantine's style files are (`styles.css` and `styles/X.css`). */
const stylesDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@mantine/core/styles.css")),
  "styles",
);

/**
 * Mantine's components in the order its own `styles.css` has them (a component after those it is
 * built from), each found by the first class name of its `styles/X.css`.
 */
function componentOrder(): string[] {
  const all = fs.readFileSync(path.join(stylesDir, "../styles.css"), "utf8");
  const found = fs
    .readdirSync(stylesDir)
    .filter((file) => file.endsWith(".css") && !file.endsWith(".layer.css") && !BASE_STYLES.includes(file))
    .map((file) => {
      const firstClass = /\.m_[0-9a-f]+/.exec(fs.readFileSync(path.join(stylesDir, file), "utf8"))?.[0];
      const at = firstClass ? all.indexOf(firstClass) : -1;
      return { name: path.basename(file, ".css"), at: at === -1 ? Number.POSITIVE_INFINITY : at };
    });
  return found.sort((a, b) => a.at - b.at).map(({ name }) => name);
}

/**
 * The browser build imports each component and icon from its own file, and each Mantine component
 * brings its own styles.
 *
 * `import { Button } from "@mantine/core"` names the package's index, which imports all of its
 * hundred components (Tabler's, all of its icons). The bundler still leaves out the unused code,
 * but when it cuts the output into files it sees every component as needed by every page that
 * imports the index: the listener app's first file carried the back office's tables, pickers and
 * icons, and `@mantine/core/styles.css` carried the styles of every component. Here every such
 * import names the component's file instead, each component's class names file (`X.module.mjs`)
 * imports Mantine's `styles/X.css`, and `styles.css` keeps only the base styles every page needs.
 * A page's files then hold the code and the styles of the components it shows.
 *
 * Mantine's styles rely on their order (a NavLink is an UnstyledButton: its padding must come
 * after the button's `padding: 0`), and a page's style files are linked in no such order. So the
 * base styles and each component's styles are a cascade layer (`@layer mantine.base`,
 * `@layer mantine.NavLink`), and the layers' order, Mantine's own, is declared once in the page
 * before any style file (`virtual:mantine-layers`, inlined by the root): the order of the files no
 * longer matters. Being layered, Mantine's styles give way to the app's own, but for root.css's
 * page-wide base, a layer declared before them. Development keeps the packages as they are.
 */
export function directImports(): Plugin[] {
  const barrels = new Map<string, Origins>();
  return [
    {
      name: "serene:mantine-layers",
      resolveId: (id) => (id === LAYERS_MODULE ? `\0${LAYERS_MODULE}` : null),
      load(id) {
        if (id !== `\0${LAYERS_MODULE}`) return null;
        if (this.environment.mode === "dev") return `export default "";`;
        const layers = ["base", ...componentOrder()].map((name) => `mantine.${name}`);
        return `export default ${JSON.stringify(`@layer ${layers.join(",")};`)};`;
      },
    },
    {
      name: "serene:direct-imports",
      apply: "build",
      applyToEnvironment: (environment) => environment.name === "client",
      async buildStart() {
        for (const name of BARRELS) {
          const resolved = await this.resolve(name);
          if (!resolved) this.error(`${name} is not installed`);
          barrels.set(name, readBarrel(resolved.id));
        }
      },
      load(id) {
        if (STYLES.test(id)) {
          const base = BASE_STYLES.map((file) => fs.readFileSync(path.join(stylesDir, file), "utf8"));
          return `@layer mantine.base {\n${base.join("\n")}\n}`;
        }
        const component = COMPONENT_STYLES.exec(id)?.[1];
        if (!component || BASE_STYLES.includes(`${component}.css`)) return null;
        return `@layer mantine.${component} {\n${fs.readFileSync(id, "utf8")}\n}`;
      },
      transform: {
        filter: { code: new RegExp(`${escaped}|\\.module\\.mjs`) },
        handler(code, id) {
          const styles = COMPONENT_CLASSES.exec(id)?.[1];
          const componentCss = styles ? path.join(stylesDir, `${styles}.css`) : undefined;
          const css =
            componentCss && fs.existsSync(componentCss) ? `import ${JSON.stringify(componentCss)};` : "";
          const rewritten = code.replace(BARREL_IMPORT, (statement, list: string, _quote, barrel: string) => {
            const origins = barrels.get(barrel);
            const byFile = new Map<string, string[]>();
            for (const [imported, local] of specifiers(list)) {
              const origin = origins?.get(imported);
              if (!origin) this.error(`${barrel} has no export named ${imported} (imported by ${id})`);
              const names = byFile.get(origin.file) ?? [];
              names.push(origin.name === local ? local : `${origin.name} as ${local}`);
              byFile.set(origin.file, names);
            }
            const imports = [...byFile].map(
              ([file, names]) => `import { ${names.join(", ")} } from ${JSON.stringify(file)};`,
            );
            // The same number of lines as the statement replaced: the rest of the file keeps its lines.
            return imports.join(" ") + "\n".repeat(statement.split("\n").length - 1);
          });
          if (!css && rewritten === code) return null;
          return { code: css + rewritten, map: null };
        },
      },
    },
  ];
}
