import { fileURLToPath } from "node:url";
import { build, type Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { directImports } from "./direct-imports";

const fixture = (name: string) => fileURLToPath(new URL(`./test-fixtures/${name}`, import.meta.url));

/** Builds one fixture for the browser with the plugin, as the app's build does; answers its JS and CSS. */
async function buildPage(name: string) {
  const output = (await build({
    configFile: false,
    logLevel: "silent",
    root: fileURLToPath(new URL(".", import.meta.url)),
    plugins: [directImports()],
    build: { write: false, minify: false, rolldownOptions: { input: fixture(name) } },
  })) as Rolldown.RolldownOutput;
  const js = output.output.flatMap((file) => (file.type === "chunk" ? [file.code] : [])).join("\n");
  const css = output.output
    .flatMap((file) => (file.type === "asset" && file.fileName.endsWith(".css") ? [String(file.source)] : []))
    .join("\n");
  return { js, css };
}

describe("direct imports (vite/direct-imports.ts)", () => {
  it("bundles only the components and icons a page names, with only their styles, in ordered layers", async () => {
    const { js, css } = await buildPage("mantine-page.js");
    expect(js).toContain("components/NavLink/NavLink.mjs");
    expect(js).not.toContain("components/Table/");
    expect(js).toContain('createReactComponent("outline", "home", "Home"');
    expect(js).not.toContain('"zoom-reset"');

    expect(css).toMatch(/@layer mantine\.base\s*\{/);
    expect(css).toMatch(/@layer mantine\.NavLink\s*\{/);
    expect(css).toMatch(/@layer mantine\.UnstyledButton\s*\{/);
    expect(css).not.toContain("mantine.Table");
    expect(css).not.toContain(".m_b23fa0ef"); // Table's root class: none of the styles of unused components

    // The order statement the shell inlines: Mantine's own, the base first, a NavLink after the button it is.
    const statement = /"(@layer [^"]+;)"/.exec(js)?.[1] ?? "";
    const layers = statement.replace(/^@layer |;$/g, "").split(",");
    expect(layers[0]).toBe("mantine.base");
    expect(layers.indexOf("mantine.UnstyledButton")).toBeGreaterThan(0);
    expect(layers.indexOf("mantine.NavLink")).toBeGreaterThan(layers.indexOf("mantine.UnstyledButton"));
  });

  it("stops the build on a name the package does not export, naming it and the importer", async () => {
    await expect(buildPage("unknown-export.js")).rejects.toThrow(
      /@mantine\/core has no export named NotAComponent \(imported by .*unknown-export\.js\)/,
    );
  });
});
