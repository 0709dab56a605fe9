import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../test-support/harness.ts";
import { eventually, outboxFor } from "../../test-support/mail.ts";

/** The links of one e-mail (text part). */
const linksIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

async function mailTo(t: TestApp, address: string, subject: RegExp) {
  return eventually(() => {
    const mail = outboxFor(t.config.mail.outboxDir, address).find((m) => subject.test(m.subject));
    if (!mail) throw new Error(`no "${String(subject)}" e-mail to ${address} yet`);
    return mail;
  });
}

/** A caller who names another host: Host, and X-Forwarded-Host for a server behind a proxy. */
const spoofed = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

describe.each<{ name: string; env: Record<string, string>; origin: string }>([
  { name: "PUBLIC_URL unset: http://localhost:PORT", env: { PORT: "4321" }, origin: "http://localhost:4321" },
  {
    name: "PUBLIC_URL set, behind a trusted proxy",
    env: { PUBLIC_URL: "https://serene.example.com", TRUST_PROXY: "true" },
    origin: "https://serene.example.com",
  },
])("links in e-mails ($name)", ({ env, origin }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env);
  });
  afterAll(() => t.close());

  it("never come from Host or X-Forwarded-Host: reset, verification and deletion links use the configured origin", async () => {
    const user = await buildUser(t.database.db, { emailVerifiedAt: null });
    const forgot = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/password/forgot",
      headers: spoofed,
      payload: { email: user.email },
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const reset = await mailTo(t, user.email, /Reset your Serene password/);

    const token = await login(t.app, user.email);
    const resend = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/verify-email/resend",
      headers: { ...spoofed, ...bearer(token) },
    });
    expect(resend.statusCode, resend.body).toBe(200);
    const verify = await mailTo(t, user.email, /Confirm your e-mail address/);

    const deletion = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/delete-account",
      headers: spoofed,
      payload: { email: user.email, reason: "" },
    });
    expect(deletion.statusCode, deletion.body).toBe(200);
    const confirm = await mailTo(t, user.email, /Confirm your account deletion request/);

    for (const [mail, path] of [
      [reset, "/listen/reset?token="],
      [verify, "/listen/verify?token="],
      [confirm, "/delete-account/confirm?token="],
    ] as const) {
      const links = linksIn(mail.text);
      expect(links.some((l) => l.startsWith(`${origin}${path}`))).toBe(true);
      expect(mail.raw).not.toContain("evil.example");
    }
  });

  it("payment return URLs use the configured origin too", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/stripe-payment",
      headers: spoofed,
      payload: { email: "buyer@calm.example", assignedName: "Calm Co", totalUsers: 5, totalMonths: 12 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json().data.paymentLink;
    expect(url.startsWith(`${origin}/api/v1/user/test-checkout/`)).toBe(true);
    const page = await t.app.inject({ method: "GET", url: new URL(url).pathname, headers: spoofed });
    expect(page.body).not.toContain("evil.example");
    expect(page.body).toContain(`href="${origin}/business?checkout=cancelled"`);
  });
});
