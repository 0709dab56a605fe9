import { userListResponseSchema, userResponseSchema } from "@serene/contract";
import Fastify from "fastify";
import { isResponseSerializationError, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { replyJsonSchema, replySerializerCompiler } from "./reply-serializer.ts";

const user = {
  _id: "0b4956a2-159f-4c72-99cb-2da4092e231f",
  id: "0b4956a2-159f-4c72-99cb-2da4092e231f",
  username: "Ada",
  lastName: null,
  email: "ada@example.test",
  status: "free",
  time_created: "2026-11-29T06:18:47.540Z",
  image: null,
  mood: null,
  experience: 'Some "quoted" text\nand a line',
  percentage: 40,
  user_role: "user",
  invited: false,
};

/** A Fastify app answering GET /x with `answer`, its reply written as production (false) or tests (true) do. */
async function answering(checked: boolean, schema: z.ZodType, answer: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler(checked));
  const errors: unknown[] = [];
  app.setErrorHandler(async (err, _request, reply) => {
    errors.push(err);
    return reply.code(500).type("text/plain").send("failed");
  });
  app.get("/x", { schema: { response: { 200: schema } } }, async () => answer);
  await app.ready();
  const res = await app.inject({ method: "GET", url: "/x" });
  await app.close();
  return { status: res.statusCode, body: res.body, errors };
}

describe("replies written by fast-json-stringify from the response schema", () => {
  it("writes the users list as zod's check and JSON.stringify do: nulls, a nullable enum, escapes; nothing undeclared", async () => {
    const page = {
      status: true,
      message: "Users",
      data: [user, { ...user, mood: "happy", lastName: "Lovelace", passwordHash: "never sent" }],
      meta: { page: 1, limit: 20, total: 2, pages: 1 },
    };
    const fast = await answering(false, userListResponseSchema, page);
    expect(fast.status).toBe(200);
    expect(JSON.parse(fast.body)).toEqual(
      JSON.parse(JSON.stringify(z.encode(userListResponseSchema, page as never))),
    );
    expect(fast.body).not.toContain("passwordHash");
    // A nullable enum is one comparison, not a branch ajv tries on every value.
    expect(JSON.stringify(replyJsonSchema(userListResponseSchema))).not.toContain("anyOf");
  });

  it("production: a reply missing a required field is still a 500, not half an answer", async () => {
    const { status, body, errors } = await answering(false, userResponseSchema, {
      status: true,
      message: "User",
    });
    expect(status).toBe(500);
    expect(body).toBe("failed");
    expect(String(errors[0])).toContain('"data" is required');
  });

  it("tests and development: zod still checks every reply, as before", async () => {
    const wrong = { status: true, message: "User", data: { ...user, percentage: "40" } };
    // Production writes what the schema says (the number)...
    expect(JSON.parse((await answering(false, userResponseSchema, wrong)).body).data.percentage).toBe(40);
    // ...where tests refuse the reply, naming the issue.
    const checked = await answering(true, userResponseSchema, wrong);
    expect(checked.status).toBe(500);
    expect(isResponseSerializationError(checked.errors[0])).toBe(true);
  });

  it("tests and development: a reply the fast serializer would write otherwise than zod fails", async () => {
    // zod's refinement is no part of the JSON Schema: zod takes the second branch, the fast serializer the first.
    const schema = z.union([
      z.object({ kind: z.string().refine((kind) => kind === "a"), a: z.string() }),
      z.object({ kind: z.string(), b: z.string() }),
    ]);
    const answer = { kind: "b", a: "1", b: "2" };
    expect((await answering(false, schema, answer)).body).toBe('{"kind":"b","a":"1"}');
    const checked = await answering(true, schema, answer);
    expect(checked.status).toBe(500);
    expect(String(checked.errors[0])).toContain("the fast serializer wrote");
  });
});
