import { expect, test } from "@playwright/test";
import {
  expectAxeClean,
  holdRequests,
  mailMatch,
  paidBusiness,
  portalSection,
  SEAT_CODE,
  toast,
} from "./fixtures";

// The portal as an app of its own (issue 32, section 1), on a desktop and a phone: no marketing
// header, one address per section (bookmarkable, Back works, the business kept in the address),
// the seats as worded badges sorted in the address, a confirmation that names the consequence.
// Each section is photographed (test-results/portal-<device>-<section>.png) and checked by axe.

const SECTIONS = [
  ["Overview", "", "Overview"],
  ["Seats", "/seats", "Seats"],
  ["Invite", "/invite", "Invite people"],
  ["Billing", "/billing", "More seats"],
  ["Report", "/report", "Report"],
  ["Admins", "/admins", "Admins"],
  ["Activity", "/activity", "Activity"],
] as const;

for (const device of [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
]) {
  test(`the portal's sections on a ${device.name}: own frame, one address each, Back, the seats sorted in the address`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(device.viewport);
    const buyer = `hr@sections-${device.name}.example`;
    const name = `Sections ${device.name}`;
    await paidBusiness(request, buyer, name);
    await request.post("/api/v1/business/portal/link", { data: { email: buyer } });
    const [link] = await mailMatch(buyer, /http\S+\/business\/portal\/signin\?token=[\w-]+/);
    const scripts: Promise<{ url: string; body: string }>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script")
        scripts.push(response.text().then((body) => ({ url: response.url(), body })));
    });
    await page.goto(link);

    // The portal's own frame: the business and who is signed in, no marketing site around it.
    // (Signing in and loading the portal's code can take a while on a busy machine.)
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 20_000 });
    // Its code is its own and what it shares: not the listener app's, nor zod (the server checks).
    const loaded = await Promise.all(scripts);
    expect(loaded.map((s) => new URL(s.url).pathname).filter((p) => p.startsWith("/assets/listen-"))).toEqual(
      [],
    );
    expect(loaded.filter((s) => s.body.includes("ZodError")).map((s) => s.url)).toEqual([]);
    await expect(page.getByRole("link", { name: "Get Started" })).toHaveCount(0);
    if (device.name === "phone") {
      await page.getByRole("button", { name: "Account" }).click();
      await expect(page.getByRole("menu").getByText(`Signed in as ${buyer}`)).toBeVisible();
      await page.keyboard.press("Escape");
    } else await expect(page.getByText(`Signed in as ${buyer}`)).toBeVisible();

    // Every section at its own address, photographed and clean; Back returns to the one before.
    for (const [label, path, heading] of SECTIONS) {
      await portalSection(page, label);
      await expect(page).toHaveURL(new RegExp(`/business/portal${path}$`));
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      await page.screenshot({
        path: `test-results/portal-${device.name}-${label.toLowerCase()}.png`,
        fullPage: true,
      });
      await expectAxeClean(page);
    }
    await page.goBack();
    await expect(page).toHaveURL(/\/business\/portal\/admins$/);
    await expect(page.getByRole("heading", { level: 2, name: "Admins" })).toBeVisible();

    // Two people invited, one after the other; the seats list shows the latest first, as badges
    // with the date, and a column's sort is kept in the address (a reload keeps it).
    for (const person of ["ana", "ben"]) {
      await portalSection(page, "Invite");
      await page.getByLabel("E-mail addresses").fill(`${person}@sections-${device.name}.example`);
      await page.getByRole("button", { name: "Send invitations" }).click();
      // The first toast may still show as the second comes: the latest is the one for this person.
      await expect(toast(page, "1 invitation sent.").last()).toBeVisible();
      await mailMatch(`${person}@sections-${device.name}.example`, SEAT_CODE);
    }
    await portalSection(page, "Seats");
    const seats = page.getByRole("region", { name: "Seats" });
    const rows = seats.locator('tbody tr, ul[aria-label="Seats"] > li');
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(0)).toContainText("ben@");
    await expect(rows.nth(0)).toContainText("Invited");
    await expect(rows.nth(2)).toContainText("Not sent");
    if (device.name === "phone") {
      await page.getByRole("combobox", { name: "Sort by" }).click();
      await page.getByRole("option", { name: "Invited on" }).click();
      await page.getByRole("button", { name: "Sorted descending: sort ascending" }).click();
    } else {
      await seats.getByRole("button", { name: "Invited on" }).click();
      await seats.getByRole("button", { name: "Invited on" }).click();
    }
    await expect(page).toHaveURL(/\/business\/portal\/seats\?sort=invitedAt&dir=asc$/);
    await page.reload();
    await expect(rows.nth(0)).toContainText("ana@");

    // A typo corrected: the invitation goes to the new address with a new code, the old one void.
    await rows.nth(0).getByRole("button", { name: "Re-address" }).click();
    const readdress = page.getByRole("dialog", { name: "Correct the address" });
    await expect(readdress.getByLabel("E-mail address")).toHaveValue(`ana@sections-${device.name}.example`);
    await readdress.getByLabel("E-mail address").fill(`anna@sections-${device.name}.example`);
    await readdress.getByRole("button", { name: "Send to this address" }).click();
    await expect(toast(page, "A new invitation went to anna@")).toBeVisible();
    await mailMatch(`anna@sections-${device.name}.example`, SEAT_CODE);
    // Anna opens her invitation in her own browser: sign-up is filled in with the invited address,
    // and signing up with the code needs no confirmation, as the e-mail says.
    const anna = `anna@sections-${device.name}.example`;
    const [annaLink] = await mailMatch(anna, /https?:\/\/\S+\/listen\/redeem\?code=\S+/);
    const annas = await page.context().browser()!.newContext({ viewport: device.viewport });
    const annaPage = await annas.newPage();
    await annaPage.goto(annaLink!);
    await annaPage.getByRole("link", { name: "Create an account" }).click();
    await expect(annaPage.getByLabel("Email")).toHaveValue(anna);
    await annaPage.getByLabel("Name").fill(`anna ${device.name}`);
    await annaPage.getByRole("textbox", { name: "Password" }).fill("anna-sections-password");
    await annaPage.getByLabel("I confirm that I am 18 years old or older").check();
    await annaPage.getByRole("button", { name: "Create account" }).click();
    await expect(annaPage).toHaveURL(/\/listen\/welcome$/, { timeout: 15_000 });
    await annas.close();
    // Withdrawn: the dialog names the consequence, and the seat is free again.
    await rows.filter({ hasText: "ben@" }).getByRole("button", { name: "Withdraw" }).click();
    const withdraw = page.getByRole("dialog", { name: "Withdraw this invitation?" });
    await expect(withdraw).toContainText(
      `The code sent to ben@sections-${device.name}.example stops working now`,
    );
    await expectAxeClean(page);
    await withdraw.getByRole("button", { name: "Withdraw the invitation" }).click();
    await expect(toast(page, "is withdrawn; the seat is free again")).toBeVisible();
    await expect(rows.filter({ hasText: "ben@" })).toHaveCount(0);
    await page.screenshot({ path: `test-results/portal-${device.name}-seats-invited.png`, fullPage: true });
    await expectAxeClean(page);
  });
}

// Issue 32's speed: a section's first reads leave with the HTML (the shell's early reads), not after
// the portal's code has loaded and rendered the frame, and the section takes those answers instead
// of asking again. The page's code is held back until its reads have been seen: asked for after the
// code, they never would be, and the page never shows. A dialog asked for before its provider's code
// arrived opens once it does.
test("a portal section's first reads start beside its code, each asked once", async ({ page, request }) => {
  test.setTimeout(60_000);
  const buyer = "hr@early-reads.example";
  await paidBusiness(request, buyer, "Early reads");
  await request.post("/api/v1/business/portal/link", { data: { email: buyer } });
  const [link] = await mailMatch(buyer, /http\S+\/business\/portal\/signin\?token=[\w-]+/);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Early reads" })).toBeVisible({ timeout: 20_000 });
  const business = /^\/api\/v1\/business\/[\w-]+$/;
  for (const [path, heading, reads] of [
    [
      "/business/portal/seats?sort=invitedAt&dir=asc",
      "Seats",
      [business, /\/seats\?sort=invitedAt&direction=asc&limit=25$/],
    ],
    [
      "/business/portal/billing",
      "Invoices",
      [business, /\/seats\?expiringWithinDays=60&limit=25$/, /\/invoices$/],
    ],
  ] as const) {
    const asked: string[] = [];
    const onRequest = (sent: { url(): string }) => {
      const url = new URL(sent.url());
      if (url.pathname.startsWith("/api/v1/business/")) asked.push(url.pathname + url.search);
    };
    page.on("request", onRequest);
    const release = await holdRequests(page);
    // The dialogs' provider loads after the first paint: on Billing it is held back past a click that
    // asks for a dialog, which must open once it arrives rather than be lost.
    const releaseDialogs =
      heading === "Invoices" ? await holdRequests(page, "**/assets/portal-modals-*.js") : () => {};
    await page.goto(path, { waitUntil: "commit" });
    await expect.poll(() => reads.every((read) => asked.some((url) => read.test(url)))).toBe(true);
    release();
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible({ timeout: 20_000 });
    if (heading === "Invoices") {
      await page.getByRole("button", { name: "Make a new join link" }).click();
      releaseDialogs();
      const dialog = page.getByRole("dialog", { name: "Make a new join link?" });
      await dialog.getByRole("button", { name: "Keep the current one" }).click();
      await expect(dialog).toHaveCount(0);
    }
    await page.unrouteAll();
    // Nothing asked again once the section has shown (a read on mounting would come now).
    await page.waitForLoadState("networkidle");
    page.off("request", onRequest);
    expect(reads.map((read) => asked.filter((url) => read.test(url)).length)).toEqual(reads.map(() => 1));
  }
  // The session gone (its cookie cleared), the early read is refused: the portal opens on its own
  // sign-in form and forgets the stored sign-in.
  await page.context().clearCookies();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Business portal" })).toBeVisible();
  await expect(page.getByLabel("E-mail address")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("serene-portal"))).toBeNull();
});

// Each section's address is prerendered with the portal's first paint: before any script, a browser
// without a stored sign-in reads the sign-in form (what is typed there is kept when the code takes
// over; its button waits for the code), one holding a sign-in the portal's frame (its sections' menu,
// the section's heading and opening paragraph) while its business is read, and not that form.
test("a portal section paints from its HTML, before any script: the sign-in form, or the frame signed in", async ({
  page,
}) => {
  const release = await holdRequests(page);
  await page.goto("/business/portal/seats", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1, name: "Business portal" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Portal sections" })).toBeHidden();
  const send = page.getByRole("button", { name: "E-mail me a sign-in link" });
  await expect(send).toBeDisabled();
  // What was typed before the code ran is kept, and the field keeps the focus: typing goes on.
  await page.getByRole("textbox", { name: "E-mail address" }).fill("hr@first-paint");
  release();
  await expect(send).toBeEnabled();
  await page.keyboard.type(".example");
  await expect(page.getByRole("textbox", { name: "E-mail address" })).toHaveValue("hr@first-paint.example");

  await page.unroute("**/assets/*.js");
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.evaluate(() =>
    localStorage.setItem(
      "serene-portal",
      JSON.stringify({ email: "hr@first-paint.example", businesses: [{ _id: "b1", name: "First paint" }] }),
    ),
  );
  await page.goto("/business/portal/billing");
  await expect(page.getByRole("heading", { level: 2, name: "More seats" })).toBeVisible();
  await expect(page.getByRole("status", { name: "Loading your business" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Billing" })).toHaveAttribute(
    "href",
    "/business/portal/billing",
  );
  await expect(page.getByRole("heading", { name: "Business portal" })).toBeHidden();
  // A section that opens with a paragraph paints it too.
  await page.goto("/business/portal/eligibility");
  await expect(
    page.getByText("Upload your whole staff list to keep the seats in step with it."),
  ).toBeVisible();
});
