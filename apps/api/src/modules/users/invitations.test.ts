import { describe, expect, it } from "vitest";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { eventually, outboxFor } from "../../test-support/mail.ts";

const t = useTestApp({ as: "admin", config: { PUBLIC_URL: "https://serene.example.com" } });

let n = 0;
const create = async () => {
  const email = `invited-${++n}-${Date.now()}@example.test`;
  const res = await t.call("POST", "/register", {
    email,
    username: "Invited One",
    password: "the-admins-password",
    moodType: "happy",
  });
  expect(res.statusCode, res.body).toBe(200);
  return { email, user: res.json().data as { id: string; invited: boolean } };
};
/** The invitation links sent to an address, once there are `count`. */
const invitations = (email: string, count = 1) =>
  eventually(() => {
    const links = outboxFor(t.config.mail.outboxDir, email)
      .filter((m) => m.subject === "You are invited to Serene")
      .map((m) => m.text.match(/https?:\/\/\S+\/listen\/reset\?token=\S+/)?.[0] ?? "");
    expect(links).toHaveLength(count);
    return links;
  });
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
const api = (method: "GET" | "POST", url: string, payload?: object, token?: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });

describe("back-office invitations", () => {
  it("Create User e-mails an invitation on PUBLIC_URL; its link sets the password and verifies the address", async () => {
    const { email, user } = await create();
    expect(user.invited).toBe(true);
    const [link] = await invitations(email);
    expect(link!.startsWith("https://serene.example.com/listen/reset?token=")).toBe(true);

    // Until then the admin's password works, but the address is not verified.
    const before = await login(t.app, email, "the-admins-password");
    expect((await api("GET", "/app/me", undefined, before)).json().data.emailVerified).toBe(false);

    const used = await api("POST", "/auth/password/reset", {
      token: tokenOf(link!),
      password: "my-very-own-password",
    });
    expect(used.statusCode, used.body).toBe(200);
    const token = await login(t.app, email, "my-very-own-password");
    expect((await api("GET", "/app/me", undefined, token)).json().data.emailVerified).toBe(true);
    // Verified, they may redeem (an unknown code is 404, not 403 email_not_verified).
    const redeem = await api("POST", "/app/redeem", { code: "ABCD-EFGH-JKMN-PQRS" }, token);
    expect(redeem.json().code).not.toBe("email_not_verified");
    // The back office no longer sees an invitation, and the link works once.
    const single = await t.call("GET", `/single/${user.id}`);
    expect(single.json().data.invited).toBe(false);
    const again = await api("POST", "/auth/password/reset", {
      token: tokenOf(link!),
      password: "x-password-2",
    });
    expect(again.json().code).toBe("invalid_token");
    const closed = await t.call("POST", `/users/${user.id}/invitation`);
    expect(closed.statusCode).toBe(409);
  });

  it("an admin resends it: a new link, the previous one ends; listed as invited meanwhile", async () => {
    const { email, user } = await create();
    const list = await t.call("GET", `/users?q=${encodeURIComponent(email)}`);
    expect(list.json().data[0]).toMatchObject({ id: user.id, invited: true });
    const [first] = await invitations(email);
    const res = await t.call("POST", `/users/${user.id}/invitation`);
    expect(res.statusCode, res.body).toBe(200);
    // Two e-mails in one millisecond have no order in the outbox: the new one is the other link.
    const second = (await invitations(email, 2)).find((link) => link !== first);
    const old = await api("POST", "/auth/password/reset", {
      token: tokenOf(first!),
      password: "x-password-3",
    });
    expect(old.json().code).toBe("invalid_token");
    const ok = await api("POST", "/auth/password/reset", {
      token: tokenOf(second!),
      password: "x-password-4",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.call("POST", "/users/00000000-0000-4000-8000-000000000000/invitation")).statusCode).toBe(
      404,
    );
  });

  it("only admins may resend", async () => {
    const { user } = await create();
    const listener = await login(t.app, (await buildUser(t.database.db)).email);
    expect((await t.call("POST", `/users/${user.id}/invitation`, undefined, listener)).statusCode).toBe(403);
    expect((await t.call("POST", `/users/${user.id}/invitation`, undefined, null)).statusCode).toBe(401);
  });
});
