import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessActivity } from "../../../db/schema/index.ts";
import { TEST_PASSWORD } from "../../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../../test-support/harness.ts";
import { eventually } from "../../../test-support/mail.ts";
import { newAddress, portalBusiness, portalCalls, signInToPortal } from "../../../test-support/portal.ts";
import { buyCodes } from "../../../test-support/purchases.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { call, appCall, mailsTo, listener, invitation } = portalCalls(() => t);

const actions = async (businessId: string) =>
  (
    await t.database.db
      .select({ action: businessActivity.action, detail: businessActivity.detail })
      .from(businessActivity)
      .where(eq(businessActivity.businessId, businessId))
  ).map((a) => a.action);

describe("seats you can act on: withdraw, re-address, give", () => {
  it("withdraws an invitation (the invitee is told, the old code is refused, the seat is unsent again) and re-addresses one (new code, old one void); each audited", async () => {
    const b = await portalBusiness(t, 5);
    const [typo, sam] = [newAddress("sam-typo"), newAddress("sam")];
    const invited = (await call("POST", `/${b.businessId}/invites`, b.token, { emails: [typo] })).json()
      .data[0];
    const first = await invitation(typo);

    const readdressed = await call("POST", `/${b.businessId}/seats/${invited.seatId}/readdress`, b.token, {
      email: sam,
    });
    expect(readdressed.statusCode, readdressed.body).toBe(200);
    expect(readdressed.json().data).toMatchObject({ state: "invited", invitedEmail: sam });
    const second = await invitation(sam);
    expect(second.code).not.toBe(first.code);
    // The typo's code is void; Sam's works only for Sam (it is withdrawn below before use).
    const typoToken = (await listener(typo)).token;
    expect((await appCall("POST", "/redeem", typoToken, { code: first.code })).json()).toMatchObject({
      code: "code_not_found",
    });

    const withdrawn = await call("POST", `/${b.businessId}/seats/${invited.seatId}/withdraw`, b.token);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ state: "unsent", invitedEmail: null, keepsDays: null });
    expect(withdrawn.json().data.withdrawnAt).toEqual(expect.any(String));
    expect(withdrawn.json().data.code).not.toBe(second.code);
    await eventually(() => expect(mailsTo(sam).at(-1)!.subject).toMatch(/withdrew its Serene invitation/));
    const samToken = (await listener(sam)).token;
    expect((await appCall("POST", "/redeem", samToken, { code: second.code })).json()).toMatchObject({
      code: "code_not_found",
    });

    // Only an open invitation can be withdrawn or re-addressed; a bad address names the field.
    expect(
      (await call("POST", `/${b.businessId}/seats/${invited.seatId}/withdraw`, b.token)).statusCode,
    ).toBe(409);
    const bad = await call("POST", `/${b.businessId}/seats/${invited.seatId}/readdress`, b.token, {
      email: "nope",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("email");
    expect(await actions(b.businessId)).toEqual(expect.arrayContaining(["seat.readdress", "seat.withdraw"]));
  });

  it("gives a freed seat, which keeps its days, to one address; an address holding a seat is refused (already_invited)", async () => {
    const b = await portalBusiness(t, 5);
    const lee = newAddress("lee");
    const invited = (await call("POST", `/${b.businessId}/invites`, b.token, { emails: [lee] })).json()
      .data[0];
    const leeToken = (await listener(lee)).token;
    expect(
      (await appCall("POST", "/redeem", leeToken, { code: (await invitation(lee)).code })).statusCode,
    ).toBe(200);
    const freed = await call("POST", `/${b.businessId}/seats/${invited.seatId}/remove`, b.token);
    expect(freed.json().data).toMatchObject({ state: "freed", keepsDays: expect.any(Number) });
    const keeps = freed.json().data.keepsDays as number;
    expect(keeps).toBeGreaterThan(360);
    expect(freed.json().data.freedAt).toEqual(expect.any(String));

    const taken = await call("POST", `/${b.businessId}/seats/${invited.seatId}/give`, b.token, {
      email: b.email,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const held = await call("POST", `/${b.businessId}/invites`, b.token, { emails: [newAddress("x")] });
    const other = held.json().data[0].seatId as string;
    const refused = await call("POST", `/${b.businessId}/seats/${other}/readdress`, b.token, {
      email: b.email.toUpperCase(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "already_invited" });

    // Withdrawn, the seat is freed again with its days, and given to Kim, who redeems them.
    await call("POST", `/${b.businessId}/seats/${invited.seatId}/withdraw`, b.token);
    const kim = newAddress("kim");
    const given = await call("POST", `/${b.businessId}/seats/${invited.seatId}/give`, b.token, {
      email: kim,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data).toMatchObject({ state: "invited", invitedEmail: kim, keepsDays: keeps });
    const kimToken = (await listener(kim)).token;
    const redeemed = await appCall("POST", "/redeem", kimToken, { code: (await invitation(kim)).code });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const days = (Date.parse(redeemed.json().data.entitlement.paidUntil) - Date.now()) / (24 * 3600_000);
    expect(Math.round(days)).toBe(keeps);
    expect(
      (await call("POST", `/${b.businessId}/seats/${invited.seatId}/give`, b.token, { email: kim }))
        .statusCode,
    ).toBe(409);
    expect(await actions(b.businessId)).toContain("seat.give");
  });

  it("the invitation's link carries the invited address; signing up there with the code needs no confirmation, as the e-mail says", async () => {
    const b = await portalBusiness(t, 5);
    const ana = newAddress("ana");
    await call("POST", `/${b.businessId}/invites`, b.token, { emails: [ana] });
    const { code, link, text } = await invitation(ana);
    expect(new URL(link).searchParams.get("email")).toBe(ana);
    expect(new URL(link).searchParams.get("code")).toBe(code);
    expect(text).toContain("no confirmation e-mail");
    const signup = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/signup",
      payload: {
        email: ana,
        password: TEST_PASSWORD,
        username: `ana${randomBytes(3).toString("hex")}`,
        ageConfirmed: true,
        code,
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    expect(signup.json().data.user).toMatchObject({ email: ana, status: "paid" });
    // Welcomed without a confirmation link: the invitation already proved the address.
    const welcome = await eventually(() => {
      const mail = mailsTo(ana).find((m) => !m.text.includes(code));
      if (!mail) throw new Error("no welcome yet");
      return mail;
    });
    expect(welcome.text).not.toContain("/listen/verify");
    const seats = (await call("GET", `/${b.businessId}/seats?state=redeemed`, b.token)).json().data;
    expect(seats.map((s: { invitedEmail: string }) => s.invitedEmail)).toEqual([ana]);
  });

  it("the codes e-mail and the portal agree: a purchase of the spec's client lists its codes, and the portal never sends those; Serene's own lists none and points to the portal", async () => {
    const spec = await buyCodes(t, 5);
    expect(spec.codes).toHaveLength(5);
    const session = await signInToPortal(t, spec.email);
    const seats = (await call("GET", `/${session.businessId}/seats`, session.token)).json().data;
    expect(seats.every((s: { inPurchaseEmail: boolean }) => s.inPurchaseEmail)).toBe(true);
    const invited = await call("POST", `/${session.businessId}/invites`, session.token, {
      emails: [newAddress("z")],
    });
    expect(invited.json().data[0].result).toBe("no_free_seat");
    const give = await call("POST", `/${session.businessId}/seats/${seats[0]._id}/give`, session.token, {
      email: newAddress("y"),
    });
    expect(give.statusCode).toBe(409);
    expect(give.json().message).toMatch(/in your purchase e-mail/);

    const own = await portalBusiness(t, 5);
    const mail = mailsTo(own.email).find((m) => m.subject.includes("ready in your business portal"))!;
    expect(mail.text).toContain(`${t.config.siteUrl}/business/portal`);
    expect(mail.text).toContain("lists no codes");
    for (const code of own.codes) expect(mail.text).not.toContain(code);
    const ownSeats = (await call("GET", `/${own.businessId}/seats`, own.token)).json().data;
    expect(ownSeats.some((s: { inPurchaseEmail: boolean }) => s.inPurchaseEmail)).toBe(false);
  });
});
