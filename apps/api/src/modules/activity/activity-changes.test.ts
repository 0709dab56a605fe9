import { describe, expect, it } from "vitest";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { eventually, outboxFor } from "../../test-support/mail.ts";
import { uploadFixture } from "../../test-support/multipart.ts";
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

  it("a content's feedback: the inbox message sent to its uploader (the content unchanged)", async () => {
    const host = await buildUser(t.database.db, { role: "host" });
    const created = await t.call("POST", "/resources", {
      title: "Feedback wanted",
      moodType: "happy",
      userID: host.id,
      image: await uploadFixture(t.app, t.token, "cover.jpg"),
      resourceUrl: await uploadFixture(t.app, t.token, "tone.mp3"),
    });
    const id = created.json().data._id;
    const sent = await t.call("POST", `/resources/${id}/feedback`, { message: "Lovely: a little louder?" });
    expect(sent.statusCode, sent.body).toBe(200);
    const logged = await entry("resource.feedback", id);
    expect(logged.before).toBeNull();
    expect(logged.after).toMatchObject({
      kind: "feedback",
      userId: host.id,
      resourceId: id,
      title: 'About "Feedback wanted"',
      body: "Lovely: a little louder?",
      sentBy: t.user.id,
    });
    expect(logged.details).toMatchObject({ title: "Feedback wanted", messageId: logged.after.id });
  });

  it("a direct message: the inbox message sent to the user", async () => {
    const user = await buildUser(t.database.db);
    const sent = await t.call("POST", `/users/${user.id}/message`, { title: "Hello", message: "Welcome" });
    expect(sent.statusCode, sent.body).toBe(200);
    const logged = await entry("user.message", user.id);
    expect(logged.before).toBeNull();
    expect(logged.after).toMatchObject({
      kind: "direct",
      userId: user.id,
      title: "Hello",
      body: "Welcome",
      sentBy: t.user.id,
    });
    expect(logged.details).toEqual({ messageId: logged.after.id });
  });

  it("free seats given to a business: the free purchase they come from", async () => {
    const { email } = await buyCodes(t);
    const [business] = (await t.call("GET", `/businesses?q=${encodeURIComponent(email)}`)).json().data;
    const given = await t.call("POST", `/businesses/${business._id}/seats`, {
      seats: 3,
      months: 6,
      reason: "Charity partner",
    });
    expect(given.statusCode, given.body).toBe(200);
    const logged = await entry("business.grant_seats", business._id);
    expect(logged.before).toBeNull();
    expect(logged.after).toMatchObject({
      businessId: business._id,
      kind: "grant",
      provider: "grant",
      state: "paid",
      totalUsers: 3,
      totalMonths: 6,
      amountCents: 0,
    });
    expect(logged.details).toEqual({ seats: 3, months: 6, reason: "Charity partner" });
  });
});
