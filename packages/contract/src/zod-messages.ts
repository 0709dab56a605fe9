import { z } from "zod";

// Plain-language messages for the errors every form and API answer shares.
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
