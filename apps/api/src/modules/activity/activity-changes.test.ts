import { describe, expect, it } from "vitest";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { eventually, outboxFor } from "../../test-support/mail.ts";
import { buyCodes } from "../../test-support/purchases.ts";

/** The activity log keeps the fields before and after of the public writes too (never a secret). */
const t = useTestApp({ as: "admin" });

const api = (url: string, payload?: object, token?: string) =>
  t.app.inject({ method: "POST", url: `/api/v1${url}`, payload, headers: token ? bearer(token) : {} });
const entry = async (action: string, entityId: string) =>
  (
    await t.app.inject({
      method: "GET",
      url: `/api/v1/user/activity?action=${action}&entityId=${entityId}`,
      headers: bearer(t.token),
    })
  ).json().data[0];

describe("activity: before and after", () => {
  it("sign-up: the new account's fields, the password hash redacted", async () => {
    const email = `signup-${Date.now()}@example.test`;
    const res = await api("/auth/signup", {
      email,
      password: "a-good-long-password",
      username: "Calm Listener",
      ageConfirmed: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const logged = await entry("user.signup", res.json().data.user._id);
    expect(logged.before).toBeNull();
    expect(logged.after).toMatchObject({ email, username: "Calm Listener", passwordHash: "[redacted]" });
    expect(JSON.stringify(logged)).not.toContain("a-good-long-password");
  });

  it("password reset: when the password changed, the hash redacted, never the new password", async () => {
    const user = await buildUser(t.database.db);
    await api("/auth/password/forgot", { email: user.email });
    const mail = await eventually(() => {
      const [found] = outboxFor(t.config.mail.outboxDir, user.email);
      if (!found) throw new Error("no mail yet");
      return found;
    });
    const token = new URL(mail.text.match(/https?:\/\/\S+\/listen\/reset\?token=\S+/)![0]).searchParams.get(
      "token",
    )!;
    expect((await api("/auth/password/reset", { token, password: "the-new-password-1" })).statusCode).toBe(
      200,
    );
    const logged = await entry("auth.password_reset", user.id);
    // The changed fields are named, their values (password fields) redacted.
    expect(logged.before).toMatchObject({ passwordHash: "[redacted]", passwordChangedAt: "[redacted]" });
    expect(logged.after).toMatchObject({ passwordHash: "[redacted]", passwordChangedAt: "[redacted]" });
    expect(JSON.stringify(logged)).not.toContain("the-new-password-1");
  });

  it("purchase paid and code redeemed: state and paid end before and after", async () => {
    const { purchaseId, codes } = await buyCodes(t);
    expect(await entry("purchase.paid", purchaseId)).toMatchObject({
      before: { state: "pending", paidAt: null },
      after: { state: "paid", paidAt: expect.any(String) },
    });
    const listener = await buildUser(t.database.db);
    const redeemed = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/redeem-code",
      payload: { code: codes[0] },
      headers: bearer(await login(t.app, listener.email)),
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const logged = (
      await t.app.inject({
        method: "GET",
        url: `/api/v1/user/activity?action=subscription_code.redeem&actor=${listener.id}`,
        headers: bearer(t.token),
      })
    ).json().data[0];
    expect(logged).toMatchObject({ before: { paidUntil: null }, after: { paidUntil: expect.any(String) } });
  });
});
