import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { bearer, buildUser } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { eventually, outboxFor } from "../../test-support/mail.ts";

/** An invitation's link is the account's first password: choosing it signs in (issue 33 §5, Sign-in). */
const t = useTestApp({ as: "admin", config: { PUBLIC_URL: "https://serene.example.com" } });

let n = 0;
const address = (what: string) => `${what}-${++n}-${Date.now()}@example.test`;
const api = (method: "GET" | "POST", url: string, payload?: object, token?: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });

/** The link of the one e-mail with this subject sent to an address. */
const mailedLink = (email: string, subject: string) =>
  eventually(() => {
    const [mail] = outboxFor(t.config.mail.outboxDir, email).filter((m) => m.subject === subject);
    const link = mail?.text.match(/https:\/\/\S+\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    return new URL(link!);
  });
const mailedToken = async (email: string, subject: string) =>
  (await mailedLink(email, subject)).searchParams.get("token")!;
const inviteEditor = async () => {
  const email = address("editor");
  const res = await t.call("POST", "/admins", { email, role: "editor", username: "Eddie" });
  expect(res.statusCode, res.body).toBe(201);
  const token = await mailedToken(email, "You are invited to the Serene back office");
  return { email, id: res.json().data.id as string, token };
};
const choose = (token: string, password: string) => api("POST", "/auth/password/reset", { token, password });

describe("choosing a password", () => {
  it("with an invitation's link answers a working session (token and cookie); the link is single use", async () => {
    const { email, token } = await inviteEditor();
    const set = await choose(token, "editors-own-password");
    expect(set.statusCode, set.body).toBe(200);
    const { data } = set.json();
    expect(data.user).toMatchObject({ email, user_role: "editor" });
    expect(new Date(data.expiresAt).getTime()).toBeGreaterThan(Date.now());
    // The answer's token is a session: the back office's calls work with it, as sign-in's would.
    const me = await api("GET", "/auth/me", undefined, data.token);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.user.email).toBe(email);
    const cookie = set.cookies.find((c) => c.name === "md_session");
    expect(cookie?.value).toBe(data.token);
    const byCookie = await t.app.inject({
      method: "GET",
      url: "/api/v1/auth/me",
      cookies: { md_session: cookie!.value },
    });
    expect(byCookie.statusCode).toBe(200);

    const again = await choose(token, "another-password-1");
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("invalid_token");
    expect(again.json().data).toBeUndefined();
  });

  it("after a plain reset (a staff account's link: the back office's page), answers no session", async () => {
    const user = await buildUser(t.database.db, { role: "editor", email: address("forgot") });
    expect((await api("POST", "/auth/password/forgot", { email: user.email })).statusCode).toBe(200);
    // A staff account's link opens the back office's own reset page.
    const link = await mailedLink(user.email, "Reset your Serene password");
    expect(`${link.origin}${link.pathname}`).toBe("https://serene.example.com/md-login/reset");
    const token = link.searchParams.get("token")!;
    const reset = await choose(token, "a-brand-new-password");
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ status: true, message: "Your password is changed: sign in with it" });
    expect(reset.cookies.find((c) => c.name === "md_session")).toBeUndefined();
  });

  it("an account with two-factor sign-in gets no session from the link: its code is still asked", async () => {
    const { email, id, token } = await inviteEditor();
    await t.database.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, id));
    const set = await choose(token, "editors-own-password");
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toBeUndefined();
    expect(set.cookies.find((c) => c.name === "md_session")).toBeUndefined();
    const signIn = await api("POST", "/auth/login", { email, password: "editors-own-password" });
    expect(signIn.json().code).toBe("two_factor_required");
  });
});
