import { randomBytes } from "node:crypto";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessActivity, invoices, subscriptionCodes, users } from "../../../db/schema/index.ts";
import { bearer, buildUser, login, TEST_PASSWORD } from "../../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../../test-support/harness.ts";
import { eventually } from "../../../test-support/mail.ts";
import { multipartFile } from "../../../test-support/multipart.ts";
import {
  newAddress,
  portalBusiness,
  portalCalls,
  portalLinkToken,
  signInToPortal,
} from "../../../test-support/portal.ts";
import { buyCodes } from "../../../test-support/purchases.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3600_000;
const { call, appCall, mailsTo, listener, invitation } = portalCalls(() => t);

/** Invites an address to one of a business's seats; its listener redeems the e-mailed code. */
async function inviteAndRedeem(b: { businessId: string; token: string }, email: string) {
  const invite = (await call("POST", `/${b.businessId}/invites`, b.token, { emails: [email] })).json()
    .data[0];
  const { token } = await listener(email);
  expect((await appCall("POST", "/redeem", token, { code: (await invitation(email)).code })).statusCode).toBe(
    200,
  );
  return { invite, token };
}

describe("business portal: the business, sign-in and sessions", () => {
  it("a first purchase makes a business, a later one with the same e-mail and name joins it; the link signs in once", async () => {
    const first = await buyCodes(t, 5);
    await buyCodes(t, 6, { assignedName: first.businessName.toUpperCase(), email: first.email });
    const codesMail = mailsTo(first.email).find((m) => m.subject.includes("subscription codes"))!;
    expect(codesMail.text).toContain(`${t.config.siteUrl}/business/portal`);
    expect(codesMail.html).toContain(`href="${t.config.siteUrl}/business/portal"`);
    const session = await signInToPortal(t, first.email);
    expect(session.businesses).toEqual([{ _id: session.businessId, name: first.businessName }]);

    const res = await call("GET", `/${session.businessId}`, session.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: session.businessId,
      name: first.businessName,
      billingEmail: first.email,
      seats: { total: 11, unsent: 11, invited: 0, redeemed: 0, expired: 0, freed: 0 },
      nextExpiry: null,
      renewable: 0,
    });
    expect(res.json().data.joinUrl).toMatch(new RegExp(`^${t.config.siteUrl}/listen/join/\\w+$`));

    // The link's token was used by signInToPortal: a second use is refused.
    const again = await call("POST", "/portal/session", undefined, {
      token: await portalLinkToken(t, first.email),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "invalid_token" });
  });

  it("asks for a link with the same answer for any address; only an admin gets a mail, linking to siteUrl", async () => {
    const { email } = await buyCodes(t, 5);
    const stranger = newAddress("stranger");
    const a = await call("POST", "/portal/link", undefined, { email });
    const b = await call("POST", "/portal/link", undefined, { email: stranger });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    const token = await portalLinkToken(t, email);
    const link = mailsTo(email).at(-1)!;
    expect(link.text).toContain(`${t.config.siteUrl}/business/portal/signin?token=${token}`);
    expect(mailsTo(stranger)).toEqual([]);
    const bad = await call("POST", "/portal/link", undefined, { email: "not-an-address" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("email");
  });

  it("every business-admin route: 401 without a portal session (a listener's session is none), 404 for another business", async () => {
    const mine = await portalBusiness(t);
    const other = await portalBusiness(t);
    const { token: listenerToken } = await listener();
    const routes = t.routes.filter((r) => r.config?.access === "business");
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const zero = "00000000-0000-4000-8000-000000000000";
    for (const route of routes) {
      for (const method of [route.method].flat().filter((m) => m !== "HEAD")) {
        const url = route.url
          .replace(":id", other.businessId)
          .replace(":seatId", zero)
          .replace(":email", "x%40acme.test");
        const key = `${method} ${route.url}`;
        const anonymous = await t.app.inject({ method: method as "GET", url });
        expect(anonymous.statusCode, key).toBe(401);
        const asListener = await t.app.inject({
          method: method as "GET",
          url,
          headers: bearer(listenerToken),
        });
        expect(asListener.statusCode, key).toBe(401);
        const asOtherAdmin = await t.app.inject({
          method: method as "GET",
          url,
          headers: bearer(mine.token),
        });
        expect(asOtherAdmin.statusCode, key).toBe(404);
        expect(asOtherAdmin.json(), key).toMatchObject({ code: "not_found" });
      }
    }
    // The portal's cookie works as well as the Bearer token.
    const byCookie = await t.app.inject({
      method: "GET",
      url: `/api/v1/business/${other.businessId}`,
      cookies: { serene_portal: other.token },
    });
    expect(byCookie.statusCode).toBe(200);
  });

  it("PATCH changes billing details (printed on later invoices) and rotates the join link; bad input names the field", async () => {
    const b = await portalBusiness(t);
    const before = (await call("GET", `/${b.businessId}`, b.token)).json().data;
    const res = await call("PATCH", `/${b.businessId}`, b.token, {
      billingAddress: "1 Main St, Leeds",
      taxId: "GB123456789",
      joinDomains: ["Acme.com"],
      rotateJoinUrl: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      billingAddress: "1 Main St, Leeds",
      taxId: "GB123456789",
      joinDomains: ["acme.com"],
    });
    expect(res.json().data.joinUrl).not.toBe(before.joinUrl);
    const bad = await call("PATCH", `/${b.businessId}`, b.token, { joinDomains: ["not a domain"] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toMatch(/^joinDomains/);
  });
});

describe("business portal: seats", () => {
  it("invites by JSON with a result per row, mails each their own code; only the invited verified address redeems it", async () => {
    const b = await portalBusiness(t, 5);
    const sam = newAddress("sam");
    const emails = [
      sam,
      "nope",
      sam.toUpperCase(),
      ...Array.from({ length: 5 }, (_v, i) => newAddress(`p${i}`)),
    ];
    const res = await call("POST", `/${b.businessId}/invites`, b.token, { emails });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().data as { email: string; seatId: string | null; result: string }[];
    expect(results.map((r) => r.result)).toEqual([
      "invited",
      "invalid_email",
      "already_invited",
      "invited",
      "invited",
      "invited",
      "invited",
      "no_free_seat",
    ]);
    expect(results[2]!.seatId).toBe(results[0]!.seatId);
    expect(
      (await call("POST", `/${b.businessId}/invites`, b.token, { emails: [sam] })).json().data[0],
    ).toMatchObject({
      result: "already_invited",
      seatId: results[0]!.seatId,
    });

    const code = (await invitation(sam)).code;
    expect(mailsTo(sam).at(-1)!.text).toContain(`${t.config.siteUrl}/listen/redeem?code=${code}`);
    const seat = (
      await call("GET", `/${b.businessId}/seats?state=invited&q=${encodeURIComponent(sam)}`, b.token)
    ).json().data;
    expect(seat).toEqual([
      expect.objectContaining({ _id: results[0]!.seatId, state: "invited", code, invitedEmail: sam }),
    ]);

    const someoneElse = await listener();
    const refused = await appCall("POST", "/redeem", someoneElse.token, { code });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "code_invited_elsewhere" });
    const samUnverified = await buildUser(t.database.db, { email: sam, emailVerifiedAt: null });
    const unverified = await appCall("POST", "/redeem", await login(t.app, samUnverified.email), { code });
    expect(unverified.json()).toMatchObject({ code: "email_not_verified" });
    await t.database.db.execute(
      sql`update users set email_verified_at = now() where id = ${samUnverified.id}`,
    );
    const ok = await appCall("POST", "/redeem", await login(t.app, sam), { code });
    expect(ok.statusCode, ok.body).toBe(200);

    const redeemed = (await call("GET", `/${b.businessId}/seats?state=redeemed`, b.token)).json().data;
    expect(redeemed).toEqual([
      expect.objectContaining({
        _id: results[0]!.seatId,
        state: "redeemed",
        listener: { username: samUnverified.username, email: sam },
      }),
    ]);
    expect(redeemed[0]).not.toHaveProperty("code");
    const counts = (await call("GET", `/${b.businessId}`, b.token)).json().data.seats;
    expect(counts).toMatchObject({ total: 5, invited: 4, redeemed: 1, unsent: 0 });
  });

  it("invites from a CSV file's email column; a file without one is refused naming `file`", async () => {
    const b = await portalBusiness(t, 5);
    const [x, y] = [newAddress("x"), newAddress("y")];
    const csv = `name,email\n"Doe, Jane",${x}\nBob,${y}\nEve,broken\n`;
    const upload = multipartFile(Buffer.from(csv), "people.csv", "text/csv");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/v1/business/${b.businessId}/invites`,
      headers: { ...bearer(b.token), ...upload.headers },
      payload: upload.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { email: string; result: string }) => [r.email, r.result])).toEqual([
      [x, "invited"],
      [y, "invited"],
      ["broken", "invalid_email"],
    ]);
    await invitation(y);
    const noColumn = multipartFile(Buffer.from("name\nBob\n"), "people.csv", "text/csv");
    const bad = await t.app.inject({
      method: "POST",
      url: `/api/v1/business/${b.businessId}/invites`,
      headers: { ...bearer(b.token), ...noColumn.headers },
      payload: noColumn.payload,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("file");
    const tooMany = await call("POST", `/${b.businessId}/invites`, b.token, {
      emails: Array.from({ length: 1001 }, (_v, i) => `p${i}@acme.test`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].field).toBe("emails");
  });

  it("resend mails an invited seat's code again; removing a redeemed seat frees it, ends the access now, tells the listener; given again it carries its time (at least 30 days)", async () => {
    const b = await portalBusiness(t, 5);
    const sam = newAddress("sam");
    const invite = (await call("POST", `/${b.businessId}/invites`, b.token, { emails: [sam] })).json()
      .data[0];
    const code = (await invitation(sam)).code;
    const resent = await call("POST", `/${b.businessId}/seats/${invite.seatId}/resend`, b.token);
    expect(resent.statusCode, resent.body).toBe(200);
    await eventually(() => expect(mailsTo(sam)).toHaveLength(2));

    const { user, token } = await listener(sam);
    expect((await appCall("POST", "/redeem", token, { code })).statusCode).toBe(200);
    // Ten days left on the seat (and so on the listener's paid time) when it is taken back.
    const tenDays = new Date(Date.now() + 10 * DAY);
    await t.database.db
      .update(subscriptionCodes)
      .set({ expiresAt: tenDays })
      .where(eq(subscriptionCodes.id, invite.seatId));
    await t.database.db.update(users).set({ paidUntil: tenDays }).where(eq(users.id, user.id));
    expect((await call("POST", `/${b.businessId}/seats/${invite.seatId}/resend`, b.token)).statusCode).toBe(
      409,
    );

    const removed = await call("POST", `/${b.businessId}/seats/${invite.seatId}/remove`, b.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ state: "freed", redeemedAt: null });
    expect(removed.json().data).not.toHaveProperty("listener");
    expect((await appCall("GET", "/entitlement", token)).json().data.paid).toBe(false);
    await eventually(() => expect(mailsTo(sam).at(-1)!.subject).toMatch(/has ended/));
    expect((await appCall("POST", "/redeem", token, { code })).json()).toMatchObject({
      code: "code_not_found",
    });

    // Given again: the freed seat is taken after the unsent ones, and carries 30 days.
    const others = Array.from({ length: 4 }, (_v, i) => newAddress(`o${i}`));
    await call("POST", `/${b.businessId}/invites`, b.token, { emails: others });
    const kim = newAddress("kim");
    const again = (await call("POST", `/${b.businessId}/invites`, b.token, { emails: [kim] })).json().data[0];
    expect(again).toMatchObject({ result: "invited", seatId: invite.seatId });
    const kimToken = (await listener(kim)).token;
    const redeemed = await appCall("POST", "/redeem", kimToken, { code: (await invitation(kim)).code });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const days = (new Date(redeemed.json().data.entitlement.paidUntil).getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it("invitations and removals reach an address over its per-recipient limit; a resend does not (429)", async () => {
    const b = await portalBusiness(t, 5);
    const { user, token } = await listener(newAddress("busy"));
    // Four reset e-mails asked for: the address is over its limit of 3 per 15 minutes.
    for (let i = 0; i < 4; i++) {
      const forgot = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/password/forgot",
        payload: { email: user.email },
      });
      expect(forgot.statusCode).toBe(200);
    }
    await eventually(() => expect(mailsTo(user.email)).toHaveLength(3));

    const invite = (await call("POST", `/${b.businessId}/invites`, b.token, { emails: [user.email] })).json()
      .data[0];
    expect(invite.result).toBe("invited");
    const code = (await invitation(user.email)).code;
    expect((await call("POST", `/${b.businessId}/seats/${invite.seatId}/resend`, b.token)).statusCode).toBe(
      429,
    );
    expect(mailsTo(user.email)).toHaveLength(4);
    expect((await appCall("POST", "/redeem", token, { code })).statusCode).toBe(200);
    expect((await call("POST", `/${b.businessId}/seats/${invite.seatId}/remove`, b.token)).statusCode).toBe(
      200,
    );
    await eventually(() => expect(mailsTo(user.email).at(-1)!.subject).toMatch(/has ended/));
    expect(mailsTo(user.email)).toHaveLength(5);
  });

  it("a listener who deletes their account frees their seat with its remaining time", async () => {
    const b = await portalBusiness(t, 5);
    const lee = newAddress("lee");
    const { invite, token } = await inviteAndRedeem(b, lee);
    await t.database.db
      .update(subscriptionCodes)
      .set({ expiresAt: new Date(Date.now() + 100 * DAY) })
      .where(eq(subscriptionCodes.id, invite.seatId));
    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/api/v1/app/me",
      headers: bearer(token),
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [seat] = await t.database.db
      .select()
      .from(subscriptionCodes)
      .where(eq(subscriptionCodes.id, invite.seatId));
    expect(seat).toMatchObject({ redeemedBy: null, redeemedAt: null, remainingDays: 100 });
    const listed = (await call("GET", `/${b.businessId}/seats?state=freed`, b.token)).json().data;
    expect(listed.map((s: { _id: string }) => s._id)).toEqual([invite.seatId]);
  });

  it("one live seat per business: a second code of another purchase of the same business is refused", async () => {
    const first = await buyCodes(t, 5);
    const second = await buyCodes(t, 5, { assignedName: first.businessName, email: first.email });
    const { token } = await listener();
    expect((await appCall("POST", "/redeem", token, { code: first.codes[0]! })).statusCode).toBe(200);
    const refused = await appCall("POST", "/redeem", token, { code: second.codes[0]! });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "code_same_purchase" });
  });

  it("inviting an address that redeemed a seat (invited or handed a code) answers already_invited and uses no seat; once it expired, it is invited again", async () => {
    const b = await portalBusiness(t, 5);
    const sam = newAddress("sam");
    const { invite } = await inviteAndRedeem(b, sam);
    // Lee redeemed a code the buyer handed out by hand: never invited, but holds a seat.
    const lee = await listener(newAddress("lee"));
    const handed = (await call("GET", `/${b.businessId}/seats?state=unsent&limit=1`, b.token)).json().data[0];
    expect((await appCall("POST", "/redeem", lee.token, { code: handed.code })).statusCode).toBe(200);
    const before = (await call("GET", `/${b.businessId}`, b.token)).json().data.seats;
    expect(before).toMatchObject({ unsent: 3, invited: 0, redeemed: 2 });

    const again = await call("POST", `/${b.businessId}/invites`, b.token, {
      emails: [sam.toUpperCase(), lee.user.email],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual([
      { email: sam, seatId: invite.seatId, result: "already_invited" },
      { email: lee.user.email, seatId: handed._id, result: "already_invited" },
    ]);
    expect((await call("GET", `/${b.businessId}`, b.token)).json().data.seats).toEqual(before);
    expect(mailsTo(sam)).toHaveLength(1);

    // Sam's seat ran out: inviting him again gives him a new one.
    await t.database.db
      .update(subscriptionCodes)
      .set({ expiresAt: new Date(Date.now() - DAY) })
      .where(eq(subscriptionCodes.id, invite.seatId));
    const renewed = (await call("POST", `/${b.businessId}/invites`, b.token, { emails: [sam] })).json()
      .data[0];
    expect(renewed).toMatchObject({ result: "invited", seatId: expect.any(String) });
    expect(renewed.seatId).not.toBe(invite.seatId);
  });

  it("expiringWithinDays lists only the redeemed seats expiring within that many days, soonest first, paged; the business counts them as renewable", async () => {
    const b = await portalBusiness(t, 7);
    for (const code of b.codes.slice(0, 6)) {
      const { token } = await listener();
      expect((await appCall("POST", "/redeem", token, { code })).statusCode).toBe(200);
    }
    const redeemed = (await call("GET", `/${b.businessId}/seats?state=redeemed`, b.token)).json().data as {
      _id: string;
    }[];
    // Days left per seat: four within 60 days (in an order unlike the list's), one at 61, one at 200.
    const days = [45, 3, 61, 30, 200, 59];
    for (const [i, seat] of redeemed.entries())
      await t.database.db
        .update(subscriptionCodes)
        .set({ expiresAt: new Date(Date.now() + days[i]! * DAY) })
        .where(eq(subscriptionCodes.id, seat._id));
    const soonest = [3, 30, 45, 59].map((d) => redeemed[days.indexOf(d)]!._id);

    const first = (await call("GET", `/${b.businessId}/seats?expiringWithinDays=60&limit=3`, b.token)).json();
    expect(first.data.map((s: { _id: string }) => s._id)).toEqual(soonest.slice(0, 3));
    expect(first.data.every((s: { state: string }) => s.state === "redeemed")).toBe(true);
    const second = (
      await call(
        "GET",
        `/${b.businessId}/seats?expiringWithinDays=60&limit=3&cursor=${first.meta.nextCursor}`,
        b.token,
      )
    ).json();
    expect(second.data.map((s: { _id: string }) => s._id)).toEqual(soonest.slice(3));
    expect(second.meta.nextCursor).toBeNull();
    expect((await call("GET", `/${b.businessId}`, b.token)).json().data.renewable).toBe(4);
    // Combined with a search; out of range is refused naming the field.
    const one = (
      await call("GET", `/${b.businessId}/seats?expiringWithinDays=10&state=redeemed`, b.token)
    ).json().data;
    expect(one.map((s: { _id: string }) => s._id)).toEqual([soonest[0]]);
    for (const bad of ["0", "367", "soon"]) {
      const refused = await call("GET", `/${b.businessId}/seats?expiringWithinDays=${bad}`, b.token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].field).toBe("expiringWithinDays");
    }
    // Every seat the renewals list offers can be renewed.
    const renew = await call("POST", `/${b.businessId}/checkout`, b.token, {
      kind: "renew",
      seatIds: soonest,
    });
    expect(renew.statusCode, renew.body).toBe(200);
    // The OpenAPI document declares the parameter.
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const params = doc.paths["/api/v1/business/{id}/seats"].get.parameters as { name: string }[];
    expect(params.map((p) => p.name)).toContain("expiringWithinDays");
  });

  it("seats page by cursor", async () => {
    const b = await portalBusiness(t, 7);
    const first = (await call("GET", `/${b.businessId}/seats?limit=5`, b.token)).json();
    expect(first.data).toHaveLength(5);
    expect(first.meta.nextCursor).toEqual(expect.any(String));
    const second = (
      await call("GET", `/${b.businessId}/seats?limit=5&cursor=${first.meta.nextCursor}`, b.token)
    ).json();
    expect(second.data).toHaveLength(2);
    expect(second.meta.nextCursor).toBeNull();
    const ids = new Set([...first.data, ...second.data].map((s: { _id: string }) => s._id));
    expect(ids.size).toBe(7);
    expect((await call("GET", `/${b.businessId}/seats?cursor=nope`, b.token)).json().errors[0].field).toBe(
      "cursor",
    );
  });
});

describe("business portal: admins and activity", () => {
  it("adds an admin (who gets a sign-in link), removes one, never the last (409 last_admin); the activity log shows who did what", async () => {
    const b = await portalBusiness(t);
    const ann = newAddress("ann");
    const added = await call("POST", `/${b.businessId}/admins`, b.token, { email: ann });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.map((a: { email: string }) => a.email)).toEqual([b.email, ann]);
    const annSession = await signInToPortal(t, ann);
    expect(annSession.businessId).toBe(b.businessId);
    const admins = (await call("GET", `/${b.businessId}/admins`, annSession.token)).json().data;
    expect(admins[1]).toMatchObject({ email: ann, lastSignInAt: expect.any(String) });

    const removed = await call(
      "DELETE",
      `/${b.businessId}/admins/${encodeURIComponent(b.email)}`,
      annSession.token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.map((a: { email: string }) => a.email)).toEqual([ann]);
    // The removed admin's session ended at once: 401 everywhere, not just 404 for this business.
    expect((await call("GET", `/${b.businessId}`, b.token)).statusCode).toBe(401);
    expect((await call("GET", `/${b.businessId}/seats`, b.token)).statusCode).toBe(401);
    const last = await call("DELETE", `/${b.businessId}/admins/${encodeURIComponent(ann)}`, annSession.token);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: "last_admin" });

    const activity = (await call("GET", `/${b.businessId}/activity`, annSession.token)).json();
    expect(activity.data.map((a: { actor: string | null; action: string }) => [a.actor, a.action])).toEqual([
      [ann, "admin.remove"],
      [b.email, "admin.add"],
      [null, "purchase.first"],
    ]);
    const rows = await t.database.db
      .select()
      .from(businessActivity)
      .where(eq(businessActivity.businessId, b.businessId));
    expect(rows).toHaveLength(3);
  });

  it("an admin removed from one of two businesses keeps the session for the other", async () => {
    const first = await portalBusiness(t);
    const second = await portalBusiness(t);
    await call("POST", `/${second.businessId}/admins`, second.token, { email: first.email });
    const removed = await call(
      "DELETE",
      `/${second.businessId}/admins/${encodeURIComponent(first.email)}`,
      second.token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call("GET", `/${second.businessId}`, first.token)).statusCode).toBe(404);
    expect((await call("GET", `/${first.businessId}`, first.token)).statusCode).toBe(200);
  });

  it("signing out ends the session (Bearer or cookie) and clears the cookie; without one it answers the same", async () => {
    const b = await portalBusiness(t);
    const out = await call("POST", "/portal/signout", b.token);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.cookies.find((c) => c.name === "serene_portal")).toMatchObject({
      value: "",
      path: "/api/v1/business",
    });
    expect((await call("GET", `/${b.businessId}`, b.token)).statusCode).toBe(401);

    const again = await signInToPortal(t, b.email);
    const byCookie = await t.app.inject({
      method: "POST",
      url: "/api/v1/business/portal/signout",
      cookies: { serene_portal: again.token },
    });
    expect(byCookie.statusCode).toBe(200);
    expect((await call("GET", `/${b.businessId}`, again.token)).statusCode).toBe(401);
    expect((await call("POST", "/portal/signout")).statusCode).toBe(200);
  });
});

describe("business portal: more seats, renewals, invoices", () => {
  /** Pays a portal checkout on the test checkout and lets the /checkout page confirm it. */
  async function pay(url: string, buyer: { email: string; businessName: string }, seats: number) {
    const purchaseId = url.split("/").at(-1)!;
    const paid = await t.app.inject({
      method: "POST",
      url: `/api/v1/user/test-checkout/${purchaseId}/pay`,
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      payload: "",
    });
    expect(paid.statusCode, paid.body).toBe(303);
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/api/v1/user/create-coupons",
      payload: {
        email: buyer.email,
        assignedName: buyer.businessName,
        totalUsers: seats,
        totalMonths: 12,
        session_id: `test_${purchaseId}`,
      },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }

  it("adds 2 seats through the test checkout (a query string alone changes nothing); the invoice names the tax ID; its PDF downloads", async () => {
    const b = await portalBusiness(t, 5);
    await call("PATCH", `/${b.businessId}`, b.token, { taxId: "GB123456789", billingAddress: "1 Main St" });
    for (const bad of [{ kind: "add", seats: 0 }, { kind: "add", seats: 101 }, { kind: "add" }]) {
      const refused = await call("POST", `/${b.businessId}/checkout`, b.token, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].field).toBe("seats");
    }
    const started = await call("POST", `/${b.businessId}/checkout`, b.token, { kind: "add", seats: 2 });
    expect(started.statusCode, started.body).toBe(200);
    const { url } = started.json().data;
    expect(url).toMatch(new RegExp(`^${t.config.siteUrl}/api/v1/user/test-checkout/`));
    // Cancelling goes back to the portal, on this business.
    const checkoutPage = await t.app.inject({ method: "GET", url: new URL(url).pathname });
    expect(checkoutPage.body).toContain(
      `href="${t.config.siteUrl}/business/portal?checkout=cancelled&amp;business=${b.businessId}"`,
    );
    expect((await call("GET", `/${b.businessId}`, b.token)).json().data.seats.total).toBe(5);
    await pay(url, b, 2);
    expect((await call("GET", `/${b.businessId}`, b.token)).json().data.seats).toMatchObject({
      total: 7,
      unsent: 7,
    });

    const invoices = (await call("GET", `/${b.businessId}/invoices`, b.token)).json();
    expect(invoices.data).toHaveLength(2);
    const [latest] = invoices.data;
    expect(latest).toMatchObject({
      total: 9998,
      currency: "usd",
      status: "paid",
      lines: [expect.objectContaining({ quantity: 2, unitCents: 4999, totalCents: 9998 })],
    });
    expect(latest.number).toMatch(/^SER-\d{4}-\d{6}$/);
    const pdf = await t.app.inject({ method: "GET", url: latest.pdfUrl, headers: bearer(b.token) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 8).toString()).toBe("%PDF-1.4");
    const text = pdf.rawPayload.toString("latin1");
    expect(text).toContain("(Tax ID: GB123456789)");
    expect(text).toContain(`(Invoice number: ${latest.number})`);
    expect(text).toMatch(/startxref\n\d+\n%%EOF\n$/);
    // The first invoice was issued before the tax ID was set, and keeps the buyer as it stood.
    const first = await t.app.inject({
      method: "GET",
      url: invoices.data[1].pdfUrl,
      headers: bearer(b.token),
    });
    expect(first.rawPayload.toString("latin1")).not.toContain("GB123456789");
    const other = await portalBusiness(t, 5);
    expect(
      (await t.app.inject({ method: "GET", url: latest.pdfUrl, headers: bearer(other.token) })).statusCode,
    ).toBe(404);
  });

  it("renews a redeemed seat within 60 days of expiry for 12 months from its expiry; a seat further out is refused", async () => {
    const b = await portalBusiness(t, 5);
    const pat = newAddress("pat");
    const { invite, token } = await inviteAndRedeem(b, pat);
    const far = await call("POST", `/${b.businessId}/checkout`, b.token, {
      kind: "renew",
      seatIds: [invite.seatId],
    });
    expect(far.statusCode).toBe(409);
    expect(far.json().errors[0]).toMatchObject({ field: "seatIds" });

    const soon = new Date(Date.now() + 20 * DAY);
    await t.database.db
      .update(subscriptionCodes)
      .set({ expiresAt: soon })
      .where(eq(subscriptionCodes.id, invite.seatId));
    const started = await call("POST", `/${b.businessId}/checkout`, b.token, {
      kind: "renew",
      seatIds: [invite.seatId],
    });
    expect(started.statusCode, started.body).toBe(200);
    await pay(started.json().data.url, b, 1);
    const seat = (await call("GET", `/${b.businessId}/seats?state=redeemed`, b.token)).json().data[0];
    const gained = new Date(seat.expiresAt).getTime() - soon.getTime();
    expect(gained).toBeGreaterThanOrEqual(365 * DAY);
    expect(gained).toBeLessThanOrEqual(366 * DAY);
    expect((await call("GET", `/${b.businessId}`, b.token)).json().data.seats.total).toBe(5);
    const entitlement = (await appCall("GET", "/entitlement", token)).json().data;
    expect(new Date(entitlement.paidUntil).getTime()).toBe(new Date(seat.expiresAt).getTime());
  });

  it("invoice numbers have no gaps under 10 concurrent checkouts", async () => {
    const b = await portalBusiness(t, 5);
    const urls = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await call("POST", `/${b.businessId}/checkout`, b.token, { kind: "add", seats: 1 });
        return res.json().data.url as string;
      }),
    );
    await Promise.all(urls.map((url) => pay(url, b, 1)));
    const year = new Date().getUTCFullYear();
    const rows = await t.database.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(like(invoices.number, `SER-${year}-%`));
    const numbers = rows.map((r) => Number(r.number.slice(9))).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_v, i) => i + 1));
    expect((await call("GET", `/${b.businessId}/invoices`, b.token)).json().data).toHaveLength(11);
  });
});

describe("join link", () => {
  it("a verified address at a join domain takes a free seat once; another domain, a rotated link or no free seat is refused", async () => {
    const b = await portalBusiness(t, 5);
    const domain = `acme${randomBytes(3).toString("hex")}.test`;
    const set = await call("PATCH", `/${b.businessId}`, b.token, { joinDomains: [domain] });
    const token = set.json().data.joinUrl.split("/").at(-1);
    const join = (tok: string, listenerToken: string) => appCall("POST", `/join/${tok}`, listenerToken);

    const outsider = await listener(`x-${randomBytes(3).toString("hex")}@elsewhere.test`);
    const refused = await join(token, outsider.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain(domain);

    const insider = await listener(`ana-${randomBytes(3).toString("hex")}@${domain}`);
    const joined = await join(token, insider.token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data.entitlement.paid).toBe(true);
    expect((await join(token, insider.token)).json()).toMatchObject({ code: "code_same_purchase" });
    const seats = (await call("GET", `/${b.businessId}/seats?state=redeemed`, b.token)).json().data;
    expect(seats).toEqual([expect.objectContaining({ invitedEmail: insider.user.email })]);

    const rotated = (await call("PATCH", `/${b.businessId}`, b.token, { rotateJoinUrl: true })).json().data;
    const second = await listener(`bo-${randomBytes(3).toString("hex")}@${domain}`);
    expect((await join(token, second.token)).statusCode).toBe(404);
    const fresh = rotated.joinUrl.split("/").at(-1);
    await call("POST", `/${b.businessId}/invites`, b.token, {
      emails: Array.from({ length: 4 }, (_v, i) => newAddress(`f${i}`)),
    });
    const full = await join(fresh, second.token);
    expect(full.statusCode).toBe(409);
    expect((await join("nope", second.token)).json().errors[0].field).toBe("token");
  });
});
