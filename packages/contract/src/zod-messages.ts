import { z } from "zod";

// Plain-language messages for the errors every form and API answer shares.
z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return "is required";
    if (issue.code === "invalid_type") return `must be a ${issue.expected}`;
    return undefined;
  },
});
