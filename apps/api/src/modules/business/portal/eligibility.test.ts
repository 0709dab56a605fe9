import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, buildUser, login } from "../../../test-support/factories.ts";
import { createTestApp, type TestApp } from "../../../test-support/harness.ts";
import { eventually } from "../../../test-support/mail.ts";
import { formPart, multipartForm } from "../../../test-support/multipart.ts";
import { portalBusiness, portalCalls } from "../../../test-support/portal.ts";

const DAY = 24 * 3600_000;
let clock = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => clock });
});
afterAll(() => t.close());

const { call, mailsTo } = portalCalls(() => t);

/** Posts a staff list (CSV `email,name`, or the file's text as it is) with the form's other fields. */
function upload(
  businessId: string,
  token: string,
  emails: string[] | string,
  fields: Record<string, string>,
) {
  const boundary = `----serene${randomBytes(6).toString("hex")}`;
  const csv =
    typeof emails === "string"
      ? emails
      : ["email,name", ...emails.map((e, i) => `${e},Person ${i}`)].join("\n");
  const parts = [
    ...Object.entries(fields).map(([k, v]) => formPart(boundary, k, v)),
    formPart(boundary, "file", csv, "staff.csv", "text/csv"),
  ];
  return t.app.inject({
    method: "POST",
    url: `/api/v1/business/${businessId}/eligibility`,
    headers: { ...bearer(token), "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: multipartForm(boundary, ...parts),
  });
}

const invitedCode = (email: string) =>
  eventually(() => {
    const code = /code is ([2-9A-Z-]{19})/.exec(mailsTo(email).at(-1)?.text ?? "")?.[1];
    if (!code) throw new Error("no invitation yet");
    return code;
  });

describe("eligibility sync", () => {
  it("a staff list of 8 with 2 leavers: dry run, apply (the same list again: an empty diff), cancel one removal, and the clock past the grace period frees the other once", async () => {
    const b = await portalBusiness(t, 10);
    const tag = randomBytes(3).toString("hex");
    const staff = Array.from({ length: 6 }, (_v, i) => `staff${i}-${tag}@acme.test`);
    await call("POST", `/${b.businessId}/invites`, b.token, { emails: staff });
    // One leaver redeemed the seat; the other only holds the invitation.
    const [leaverRedeemed, leaverInvited] = [staff[4]!, staff[5]!];
    await buildUser(t.database.db, { email: leaverRedeemed });
    const token = await login(t.app, leaverRedeemed);
    const redeemed = await t.app.inject({
      method: "POST",
      url: "/api/v1/app/redeem",
      headers: bearer(token),
      payload: { code: await invitedCode(leaverRedeemed) },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const newcomers = [1, 2, 3, 4].map((i) => `new${i}-${tag}@acme.test`);
    const list = [...staff.slice(0, 4), ...newcomers.map((e) => e.toUpperCase())];
    const freesOn = new Date(clock.getTime() + 14 * DAY).toISOString().slice(0, 10);

    const dry = await upload(b.businessId, b.token, list, { dryRun: "true" });
    expect(dry.statusCode, dry.body).toBe(200);
    const diff = dry.json().data;
    expect(diff).toMatchObject({ keep: 4, needSeats: 0, applied: false });
    expect(diff.invite).toEqual(newcomers.map((email) => ({ email })));
    expect(diff.remove.map((r: { email: string }) => r.email).sort()).toEqual(
      [leaverRedeemed, leaverInvited].sort(),
    );
    expect(diff.remove.every((r: { freesOn: string }) => r.freesOn === freesOn)).toBe(true);
    expect((await call("GET", `/${b.businessId}`, b.token)).json().data.seats).toMatchObject({
      invited: 5,
      unsent: 4,
    });

    const applied = await upload(b.businessId, b.token, list, { dryRun: "false" });
    expect(applied.json().data).toEqual({ ...diff, applied: true });
    expect((await call("GET", `/${b.businessId}`, b.token)).json().data.seats).toMatchObject({
      invited: 9,
      unsent: 0,
    });
    await invitedCode(newcomers[0]!);
    const again = await upload(b.businessId, b.token, list, { dryRun: "false", graceDays: "14" });
    expect(again.json().data).toEqual({
      invite: [],
      keep: 8,
      remove: [],
      needSeats: 0,
      errors: [],
      applied: true,
    });

    const pending = (await call("GET", `/${b.businessId}/eligibility/removals`, b.token)).json().data;
    expect(pending).toHaveLength(2);
    const invitedRemoval = pending.find((r: { email: string }) => r.email === leaverInvited);
    expect(
      (await call("DELETE", `/${b.businessId}/eligibility/removals/${invitedRemoval.seatId}`, b.token))
        .statusCode,
    ).toBe(200);
    expect(
      (await call("DELETE", `/${b.businessId}/eligibility/removals/${invitedRemoval.seatId}`, b.token))
        .statusCode,
    ).toBe(404);

    // Before the grace period ends nothing is freed; past it, the leaver's seat is, once.
    await t.app.jobs.runOnce();
    expect((await call("GET", `/${b.businessId}/seats?state=freed`, b.token)).json().data).toHaveLength(0);
    clock = new Date(clock.getTime() + 15 * DAY);
    await t.app.jobs.runOnce();
    await t.app.jobs.runOnce();
    const freed = (await call("GET", `/${b.businessId}/seats?state=freed`, b.token)).json().data;
    expect(freed).toHaveLength(1);
    await eventually(() =>
      expect(mailsTo(leaverRedeemed).filter((m) => /has ended/.test(m.subject))).toHaveLength(1),
    );
    expect((await call("GET", `/${b.businessId}/eligibility/removals`, b.token)).json().data).toEqual([]);
    // The cancelled one keeps the invitation.
    const seats = (await call("GET", `/${b.businessId}/seats?state=invited`, b.token)).json().data;
    expect(seats.map((s: { invitedEmail: string }) => s.invitedEmail)).toContain(leaverInvited);
  });

  it("names each row without a valid address by its line in the file, blank lines counted, and checks the rest", async () => {
    const b = await portalBusiness(t, 5);
    const csv = [
      "name,email",
      "Ada,ada@acme.test",
      "",
      "Bob,bob(at)acme.test",
      "Cy,",
      '"Lee, Dee",dee@acme.test',
    ].join("\r\n");
    const dry = await upload(b.businessId, b.token, csv, { dryRun: "true" });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({
      invite: [{ email: "ada@acme.test" }, { email: "dee@acme.test" }],
      errors: [
        { line: 4, email: "bob(at)acme.test", message: "not a valid e-mail address" },
        { line: 5, email: "", message: "no e-mail address" },
      ],
    });
  });

  it("refuses a request without the file, or a grace period out of 0-30, naming the field", async () => {
    const b = await portalBusiness(t, 5);
    const bad = await upload(b.businessId, b.token, ["a@acme.test"], { graceDays: "31" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe("graceDays");
    const none = await call("POST", `/${b.businessId}/eligibility`, b.token, { dryRun: "true" });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].field).toBe("file");
  });
});
