import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { portalBusiness, portalLinkToken } from "../../test-support/portal.ts";
import { buyCodes } from "../../test-support/purchases.ts";
import { eventually, outboxFor } from "../../test-support/mail.ts";

const t = useTestApp();

let n = 0;
/** A new client address for every request: the limit is the recipient's, wherever the caller is. */
const nextAddress = () => `10.9.${Math.floor(++n / 250)}.${n % 250}`;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: `/api/v1${url}`, payload, headers, remoteAddress: nextAddress() });
const outbox = (address: string) => outboxFor(t.config.mail.outboxDir, address);
/** Waits for `count` e-mails to `address`, then a little longer to see that no more come. */
async function settled(address: string, count: number) {
  await eventually(() => expect(outbox(address).length).toBeGreaterThanOrEqual(count));
  await new Promise((r) => setTimeout(r, 300));
  return outbox(address);
}
/** Ends the 15-minute window of an address's e-mail counter, as if 15 minutes had passed. */
const fifteenMinutesLater = (address: string) =>
  t.database.db.execute(
    sql`update rate_limits set window_start = window_start - interval '16 minutes' where key = ${`mail-to:${address.toLowerCase()}`}`,
  );

describe("per-recipient e-mail limit", () => {
  it("a 4th reset e-mail to one address within 15 minutes is not sent, from rotating addresses, with the same answer", async () => {
    const user = await buildUser(t.database.db);
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const res = await post("/auth/password/forgot", { email: user.email });
      expect(res.statusCode).toBe(200);
      answers.push(res.json());
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const mails = await settled(user.email, 3);
    expect(mails).toHaveLength(3);
    // The refused request ended nothing: the code of the last e-mail sent is still live.
    const statuses = [];
    for (const mail of mails) {
      const res = await post("/auth/password/reset", {
        token: mail.text.match(/^(\d{6})$/m)![1]!,
        email: user.email,
        password: "a-brand-new-password",
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.sort()).toEqual([200, 400, 400]);
  });

  it("reset, verification and deletion e-mails share it; 15 minutes later 3 more may go, up to 10 a day", async () => {
    const user = await buildUser(t.database.db, { emailVerifiedAt: null });
    const token = await login(t.app, user.email);
    const sendAll = async () => {
      for (const send of [
        () => post("/auth/password/forgot", { email: user.email }),
        () => post("/auth/verify-email/resend", {}, bearer(token)),
        () => post("/user/delete-account", { email: user.email, reason: "" }),
        () => post("/auth/password/forgot", { email: user.email }),
      ]) {
        expect((await send()).statusCode).toBe(200);
      }
    };
    await sendAll();
    expect(await settled(user.email, 3)).toHaveLength(3);
    await fifteenMinutesLater(user.email);
    await sendAll();
    expect(await settled(user.email, 6)).toHaveLength(6);
    await fifteenMinutesLater(user.email);
    await sendAll();
    expect(await settled(user.email, 9)).toHaveLength(9);
    await fifteenMinutesLater(user.email);
    // The 10th of the day goes; the 11th does not, even after another 15 minutes.
    await sendAll();
    expect(await settled(user.email, 10)).toHaveLength(10);
    await fifteenMinutesLater(user.email);
    expect((await post("/auth/password/forgot", { email: user.email })).statusCode).toBe(200);
    expect(await settled(user.email, 10)).toHaveLength(10);
  });
});

describe("the business portal's sign-in link", () => {
  // Sign-in links only: the purchase e-mail points to the portal too, and is not one.
  const links = (address: string) =>
    outbox(address).filter((m) => m.text.includes("/business/portal/signin?token="));
  const askLink = (email: string) => post("/business/portal/link", { email });

  it("a 4th link to one admin's address within 15 minutes is not sent, from rotating addresses, with the same answer", async () => {
    const { email } = await buyCodes(t, 5);
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const res = await askLink(email);
      expect(res.statusCode).toBe(200);
      answers.push(res.body);
    }
    // An address that manages nothing hears the same.
    answers.push((await askLink("nobody-here@example.test")).body);
    expect(new Set(answers).size).toBe(1);
    await eventually(() => expect(links(email).length).toBeGreaterThanOrEqual(3));
    await new Promise((r) => setTimeout(r, 300));
    expect(links(email)).toHaveLength(3);
    // The refused request ended nothing: the last link sent still signs in.
    const session = await post("/business/portal/session", { token: await portalLinkToken(t, email) });
    expect(session.statusCode, session.body).toBe(200);
    // 15 minutes later, one more goes.
    await fifteenMinutesLater(email);
    expect((await askLink(email)).statusCode).toBe(200);
    await eventually(() => expect(links(email)).toHaveLength(4));
  });

  it("shares the limit with the account e-mails of the same address", async () => {
    const { email } = await buyCodes(t, 5);
    await buildUser(t.database.db, { email });
    for (const send of [
      () => post("/auth/password/forgot", { email }),
      () => post("/auth/password/forgot", { email }),
      () => askLink(email),
      () => askLink(email),
    ]) {
      expect((await send()).statusCode).toBe(200);
    }
    await eventually(() => expect(links(email)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(links(email)).toHaveLength(1);
    expect(outbox(email).filter((m) => m.subject.toLowerCase().includes("reset"))).toHaveLength(2);
  });
});

describe("the business portal's other e-mails", () => {
  const portal = (method: "POST" | "DELETE", url: string, token: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1/business${url}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  // Sign-in links only: the purchase e-mail points to the portal too, and is not one.
  const links = (address: string) =>
    outbox(address).filter((m) => m.text.includes("/business/portal/signin?token="));

  it("adding an admin again and again sends 3 sign-in links in 15 minutes, not more; the admin is still added", async () => {
    const b = await portalBusiness(t);
    const ann = `ann-${++n}@acme.test`;
    for (let i = 0; i < 5; i++) {
      const added = await portal("POST", `/${b.businessId}/admins`, b.token, { email: ann });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().data.map((a: { email: string }) => a.email)).toContain(ann);
      const removed = await portal("DELETE", `/${b.businessId}/admins/${encodeURIComponent(ann)}`, b.token);
      expect(removed.statusCode, removed.body).toBe(200);
    }
    expect(await settled(ann, 3)).toHaveLength(3);
  });

  it("an invitation resent a 4th time in 15 minutes answers 429 rate_limited and sends nothing", async () => {
    const b = await portalBusiness(t);
    const kim = `kim-${++n}@acme.test`;
    const invite = (await portal("POST", `/${b.businessId}/invites`, b.token, { emails: [kim] })).json()
      .data[0];
    const resend = () => portal("POST", `/${b.businessId}/seats/${invite.seatId}/resend`, b.token);
    for (let i = 0; i < 3; i++) expect((await resend()).statusCode).toBe(200);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "rate_limited" });
    expect(refused.json().retryAfter).toBeGreaterThan(0);
    // The first invitation and 3 resends.
    expect(await settled(kim, 4)).toHaveLength(4);
  });

  it("the back office's sign-in link shares the admin's limit: after the portal's own link and 2 more, 429", async () => {
    const b = await portalBusiness(t);
    const admin = await buildUser(t.database.db, { role: "admin" });
    const token = await login(t.app, admin.email);
    const link = () =>
      t.app.inject({
        method: "POST",
        url: `/api/v1/user/businesses/${b.businessId}/admins/${encodeURIComponent(b.email)}/link`,
        headers: bearer(token),
      });
    expect((await link()).statusCode).toBe(200);
    expect((await link()).statusCode).toBe(200);
    const refused = await link();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "rate_limited" });
    expect(links(b.email)).toHaveLength(3);
  });
});

describe("the support form's acknowledgement", () => {
  const form = (email: string) => ({
    fullName: "Visit cheap-pills.example",
    email,
    subject: "Buy now at cheap-pills.example",
    message: "Limited offer: everything at cheap-pills.example, click today!",
  });

  it("says only that the message arrived, with its reference, never what the sender wrote", async () => {
    const res = await post("/user/support", form("victim@example.test"));
    expect(res.statusCode, res.body).toBe(200);
    const [ack] = await settled("victim@example.test", 1);
    const [stored] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from support_messages where email = 'victim@example.test'`,
    );
    const reference = stored!.id.replace(/-/g, "").slice(0, 8).toUpperCase();
    expect(ack!.subject).toContain(reference);
    expect(ack!.text).toContain(`Your reference: ${reference}`);
    expect(ack!.raw).not.toContain("cheap-pills");
    // The team still gets the whole message, with the same reference.
    const team = await settled(t.config.supportEmail, 1);
    const toTeam = team.find((m) => m.text.includes(reference))!;
    expect(toTeam.text).toContain(form("victim@example.test").message);
  });

  it("is limited per recipient like the other e-mails; the messages are still stored", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await post("/user/support", form("flooded@example.test"))).statusCode).toBe(200);
    }
    expect(await settled("flooded@example.test", 3)).toHaveLength(3);
    const stored = await queryRows(
      t.database.db,
      sql`select id from support_messages where email = 'flooded@example.test'`,
    );
    expect(stored).toHaveLength(5);
  });
});
