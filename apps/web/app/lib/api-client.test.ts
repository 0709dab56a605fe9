import fs from "node:fs";
import path from "node:path";
import { endpoints } from "@serene/contract/endpoints";
import { TOKEN_STORAGE_KEY } from "@serene/contract/storage";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, callEndpoint, endpointUrl } from "./api-client";

/** The one edge: the browser's fetch, answering `status` with `body` and recording each call. */
function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}

const stored = new Map<string, string>();
const location = { replace: vi.fn() };
beforeEach(() => {
  stored.clear();
  location.replace.mockClear();
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    },
    location,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("callEndpoint", () => {
  it("builds the path from the declaration and its params, each encoded", async () => {
    const calls = fakeFetch(200, { status: true, message: "Sent" });
    await callEndpoint(endpoints.users.sendMessage, {
      params: { id: "a b/c?" },
      body: { title: "Hello", message: "Hi" },
    });
    expect(calls[0]!.url).toBe("/api/v1/user/users/a%20b%2Fc%3F/message");
    expect(calls[0]!.init.method).toBe("POST");
    expect(calls[0]!.init.body).toBe(JSON.stringify({ title: "Hello", message: "Hi" }));
    expect(new Headers(calls[0]!.init.headers).get("Content-Type")).toBe("application/json");
  });

  it("sends a FormData as it is (multipart) to an endpoint that takes one beside its JSON body", async () => {
    const calls = fakeFetch(200, { status: true, message: "Invited", data: [] });
    const form = new FormData();
    form.append("file", new Blob(["email\nana@example.com\n"]), "staff.csv");
    await callEndpoint(endpoints.portal.invite, { params: { id: "b1" }, body: form, token: null });
    expect(calls[0]!.url).toBe("/api/v1/business/b1/invites");
    expect(calls[0]!.init.body).toBe(form);
    const headers = new Headers(calls[0]!.init.headers);
    expect(headers.get("Content-Type")).toBeNull();
    expect(headers.get("Authorization")).toBeNull();
  });

  it("fills a param followed by more of the path, and every param of a path", () => {
    expect(endpointUrl(endpoints.portal.invoicePdf, { params: { id: "b1", invoiceId: "i 2" } })).toBe(
      "/api/v1/business/b1/invoices/i%202.pdf",
    );
    expect(() =>
      endpointUrl(endpoints.portal.invoicePdf, { params: { id: "b1" } as { id: string; invoiceId: string } }),
    ).toThrow(/invoiceId/);
  });

  it("encodes the query: empty and undefined values left out, a list repeated, booleans as text", () => {
    const url = endpointUrl(endpoints.users.list, {
      query: { q: "a&b=c", page: 2, role: undefined, audience: "" } as never,
    });
    expect(url).toBe("/api/v1/user/users?q=a%26b%3Dc&page=2");
    const listed = endpointUrl(endpoints.users.export, {
      query: { ids: ["x", "y"], verified: true } as never,
    });
    expect(listed).toBe("/api/v1/user/users/export?ids=x&ids=y&verified=true");
  });

  it("answers the envelope as the server sent it, and a bare answer for a bare endpoint", async () => {
    fakeFetch(200, { status: true, message: "User", data: { _id: "u1" } });
    const user = await callEndpoint(endpoints.users.get, { params: { user_id: "u1" } });
    expect(user).toEqual({ status: true, message: "User", data: { _id: "u1" } });
    const calls = fakeFetch(200, [{ _id: "2026-01", count: 3 }]);
    expect(await callEndpoint(endpoints.dashboard.usersGained, {})).toEqual([{ _id: "2026-01", count: 3 }]);
    expect(calls[0]!.init.method).toBe("GET");
  });

  it("sends the stored session, or the token given", async () => {
    stored.set(TOKEN_STORAGE_KEY, "stored-token");
    const calls = fakeFetch(200, { status: true, message: "User", data: {} });
    await callEndpoint(endpoints.users.get, { params: { user_id: "u1" } });
    await callEndpoint(endpoints.users.get, { params: { user_id: "u1" }, token: null });
    expect(new Headers(calls[0]!.init.headers).get("Authorization")).toBe("Bearer stored-token");
    expect(new Headers(calls[1]!.init.headers).get("Authorization")).toBeNull();
  });

  it("maps the error envelope to an ApiError with its code, status and field errors", async () => {
    fakeFetch(400, {
      status: false,
      message: "Check the form",
      code: "validation_failed",
      errors: [{ field: "email", message: "is not an e-mail address" }],
      requestId: "r1",
    });
    const failure = await callEndpoint(endpoints.users.register, {
      body: { username: "ann", email: "nope", password: "long enough password" } as never,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: "Check the form", code: "validation_failed", httpStatus: 400 });
    expect((failure as ApiError).fieldMessages()).toEqual({ email: "is not an e-mail address" });
  });

  it("maps an answer that is no envelope, and a network failure, to their own codes", async () => {
    fakeFetch(502, "Bad gateway");
    await expect(callEndpoint(endpoints.users.get, { params: { user_id: "u1" } })).rejects.toMatchObject({
      code: "unexpected_response",
      httpStatus: 502,
    });
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(callEndpoint(endpoints.users.get, { params: { user_id: "u1" } })).rejects.toMatchObject({
      code: "network_error",
      httpStatus: 0,
    });
  });

  it("on a 401 drops the session and goes to the sign-in page, unless told not to", async () => {
    stored.set(TOKEN_STORAGE_KEY, "old");
    fakeFetch(401, { status: false, message: "Sign in", code: "unauthorized" });
    await expect(callEndpoint(endpoints.auth.me, {})).rejects.toMatchObject({ httpStatus: 401 });
    expect(stored.size).toBe(0);
    expect(location.replace).toHaveBeenCalledWith("/md-login");
    location.replace.mockClear();
    await expect(callEndpoint(endpoints.auth.me, { redirectOnUnauthorized: false })).rejects.toThrow();
    expect(location.replace).not.toHaveBeenCalled();
  });
});

describe("the endpoint declarations", () => {
  it("load no zod: their only runtime imports are endpoint.ts and each other", () => {
    const folder = path.resolve(__dirname, "../../../../packages/contract/src");
    const files = [
      "endpoint.ts",
      ...fs.readdirSync(path.join(folder, "endpoints")).map((f) => `endpoints/${f}`),
    ];
    const allowed = (file: string, source: string) =>
      file.startsWith("endpoints/") && (source === "../endpoint.ts" || /^\.\/[a-z-]+\.ts$/.test(source));
    const runtime = files.flatMap((file) =>
      [
        ...fs
          .readFileSync(path.join(folder, file), "utf8")
          .matchAll(/^import (?!type )[^;]*? from "([^"]+)"/gms),
      ]
        .map((match) => match[1]!)
        .filter((source) => !allowed(file, source))
        .map((source) => `${file}: ${source}`),
    );
    expect(runtime).toEqual([]);
    expect(files.length).toBeGreaterThan(20);
  });
});
