import { z } from "zod";

// zod as the contract uses it: every schema module takes `z` from here, so wherever a schema goes
// (the server, a page's bundle) this configuration goes with it, even where a bundler leaves the
// contract's index out. Plain-language messages for the errors every form and API answer shares.
z.config({
  // In a browser, the pages' Content-Security-Policy allows no eval: zod validates without trying
  // to compile its checks (the attempt alone is reported as a violation). The server compiles them.
  jitless: "document" in globalThis,
  customError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return "is required";
    if (issue.code === "invalid_type") return `must be a ${issue.expected}`;
    return undefined;
  },
});

export { z };
