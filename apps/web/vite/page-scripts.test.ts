import { build } from "esbuild";
import { expect, it } from "vitest";
import { declarationsArePlainData } from "./page-scripts";

// A page script calls the API through the typed client, whose endpoint declarations are plain
// data: the script carries the declarations of the area it calls, not the whole API.
it("a page script bundles only the endpoint declarations of the area it calls", async () => {
  const result = await build({
    entryPoints: ["apps/web/app/page-scripts/support.ts"],
    bundle: true,
    format: "esm",
    minify: true,
    write: false,
    logLevel: "silent",
    plugins: [declarationsArePlainData],
  });
  const code = result.outputFiles[0]!.text;
  expect(code).toContain("/api/v1/user/support");
  expect(code).not.toContain("/api/v1/user/users");
  expect(code).not.toContain("/api/v1/app/resources");
  expect(code.length).toBeLessThan(20_000);
});
