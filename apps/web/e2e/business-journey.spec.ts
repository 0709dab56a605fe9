import { type APIRequestContext, expect, test } from "@playwright/test";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  expectAxeClean,
  LISTENER_PASSWORD,
  mailMatch,
  mailTo,
  openAsAdmin,
  paidBusiness,
  portalSeatRows,
  portalSection,
  SEAT_CODE,
  selectOption,
  toast,
  verifiedListener,
} from "./fixtures";

// The issue's whole journey of a business buyer, on a desktop and on a phone (390 px): buy 5
// seats on /business, sign in to the portal by the e-mailed link, invite 3 people by CSV, one
// redeems in /listen, the portal shows it, remove them (the seat is freed), buy 2 more, and the
// invoice PDF downloads and names the tax ID. Then sign out. Axe finds nothing on the way.

for (const device of [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
]) {
  test(`the business journey on a ${device.name}: buy, sign in, invite by CSV, redeem, remove, buy more, invoice with the tax ID`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(device.viewport);
    const domain = `journey-${device.name}.example`;
    const buyer = `buyer@${domain}`;
    const people = ["ana", "ben", "cy"].map((name) => `${name}@${domain}`);
    const [ana] = people as [string, ...string[]];

    // Buy 5 seats on /business (the count typed) with the test checkout.
    await page.goto("/business");
    await page.locator("html[data-enhanced]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Choose your plan" }).first().click();
    const plan = page.getByRole("dialog", { name: "Choose your plan" });
    await plan.getByLabel("Email").fill(buyer);
    await plan.getByLabel("Business Name").fill(`Journey ${device.name}`);
    await plan.getByRole("spinbutton", { name: "Number of employees" }).fill("5");
    await expectAxeClean(page);
    await plan.getByRole("button", { name: "Buy Now" }).click();
    await page.getByRole("button", { name: "Pay $249.95" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for Subscription" })).toBeVisible();
    expect(page.url()).not.toContain(encodeURIComponent(buyer));
    await expect(page.getByText("seats are ready in your business portal")).toBeVisible();
    await expect(page.getByText(buyer).first()).toBeVisible();
    await expectAxeClean(page);

    // This browser paid: "Go to your portal" lands in it signed in, with no e-mailed link.
    await page.getByRole("link", { name: "Go to your portal" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Journey ${device.name}` })).toBeVisible();
    const overview = page.getByRole("region", { name: "Overview" });
    const count = (label: string) => overview.locator(`dt:text-is("${label}") + dd`);
    await expect(count("All seats")).toHaveText("5");
    await expectAxeClean(page);

    // The tax ID first, so that the next invoice names it.
    await portalSection(page, "Billing");
    const billing = page.getByRole("region", { name: "Billing details and join link" });
    await billing.getByLabel("Tax ID").fill(`GB${device.name === "phone" ? "222" : "111"}456789`);
    await billing.getByRole("button", { name: "Save details" }).click();
    await expect(toast(page, "Details saved.")).toBeVisible();

    // Invite 3 people by CSV.
    await portalSection(page, "Invite");
    const invite = page.getByRole("region", { name: "Invite people" });
    const chooser = page.waitForEvent("filechooser");
    await invite.getByRole("button", { name: "Or a CSV file" }).click();
    await (
      await chooser
    ).setFiles({
      name: "team.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`email,name\n${people.join(",x\n")},x\n`),
    });
    await invite.getByRole("button", { name: "Send invitations" }).click();
    await expect(invite.getByRole("list", { name: "Invitation results" }).getByRole("listitem")).toHaveText(
      people.map((p) => `${p}: invited`),
    );
    await expect(toast(page, "3 invitations sent.")).toBeVisible();
    await expectAxeClean(page);

    // Ana redeems her code in /listen (signed in in the browser).
    const [code] = await mailMatch(ana, SEAT_CODE);
    await verifiedListener(request, ana, `ana${device.name}`);
    await page.goto(`/listen/signin?next=${encodeURIComponent(`/listen/redeem?code=${code}`)}`);
    await page.getByLabel("Email").fill(ana);
    await page.getByLabel("Password", { exact: true }).fill(LISTENER_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Use this code" }).click();
    await expect(page.getByText("Premium is unlocked")).toBeVisible();

    // The portal shows her seat redeemed; taking it back frees it.
    await page.goto("/business/portal");
    await expect(count("Redeemed")).toHaveText("1");
    await portalSection(page, "Seats");
    const seats = page.getByRole("region", { name: "Seats" });
    await selectOption(page, seats.getByRole("combobox", { name: "State" }), "Redeemed");
    const rows = portalSeatRows(page);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(ana);
    await rows.first().getByRole("button", { name: "Remove" }).click();
    await page
      .getByRole("dialog", { name: "Take this seat back?" })
      .getByRole("button", { name: "Take the seat back" })
      .click();
    await expect(rows).toHaveCount(0);
    await portalSection(page, "Overview");
    await expect(count("Freed")).toHaveText("1");
    await expect(count("Redeemed")).toHaveText("0");

    // Buy 2 more seats through the same checkout; they appear at once.
    await portalSection(page, "Billing");
    await page.getByLabel("Seats to add (1-100, $49.99 each per year)").fill("2");
    // The total shows before the payment page.
    const moreSeats = page.getByRole("region", { name: "More seats" });
    await expect(moreSeats.getByText("Total: $99.98 for 2 seats")).toBeVisible();
    await moreSeats.getByRole("button", { name: "Go to payment" }).click();
    await page.getByRole("button", { name: "Pay $99.98" }).click();
    // Paid from the portal: back in its Billing section, signed in, the new seats and invoice shown.
    await expect(page).toHaveURL(/\/business\/portal\/billing\?business=[\w-]+&paid=2$/);
    await expect(page.getByRole("status").filter({ hasText: "2 seats paid for" })).toBeVisible();

    // The newest invoice's PDF downloads and names the tax ID.
    const invoices = page.getByRole("region", { name: "Invoices" });
    const pdfs = invoices.getByRole("link", { name: /^PDF of SER-/ });
    await expect(pdfs).toHaveCount(2);
    const href = (await pdfs.first().getAttribute("href"))!;
    const businessApi = href.slice(0, href.indexOf("/invoices/"));
    await portalSection(page, "Overview");
    await expect(count("All seats")).toHaveText("7");
    await portalSection(page, "Billing");
    const download = page.waitForEvent("download");
    await pdfs.first().click();
    const pdf = await (await download).path();
    const text = (await import("node:fs")).readFileSync(pdf!, "latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text).toContain(`Tax ID: GB${device.name === "phone" ? "222" : "111"}456789`);
    await expectAxeClean(page);

    // Signing out ends the portal session.
    // (On a phone, Sign out is in the account menu, with the admin's e-mail.)
    if (device.name === "phone") {
      await page.getByRole("button", { name: "Account" }).click();
      await expect(page.getByRole("menu").getByText(`Signed in as ${buyer}`)).toBeVisible();
      await page.getByRole("menuitem", { name: "Sign out" }).click();
    } else await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("button", { name: "E-mail me a sign-in link" })).toBeVisible();
    expect((await page.request.get(businessApi)).status()).toBe(401);
  });
}

/** A business bought and paid through the API, and a portal session of its buyer: answers its id and token. */
async function businessByApi(request: APIRequestContext, buyer: string, name: string) {
  await paidBusiness(request, buyer, name);
  expect((await request.post("/api/v1/business/portal/link", { data: { email: buyer } })).ok()).toBe(true);
  const [, token] = await mailMatch(buyer, /\/business\/portal\/signin\?token=([\w-]+)/);
  const session = await request.post("/api/v1/business/portal/session", { data: { token } });
  const { data } = (await session.json()) as { data: { token: string; businesses: { _id: string }[] } };
  return { id: data.businesses[0]!._id, token: data.token };
}

for (const device of [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
]) {
  test(`an admin of two businesses on a ${device.name}: switches business (kept on reload), follows the overview's calls to action, shows every seat, copies a code`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(device.viewport);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const domain = `two-${device.name}.example`;
    const buyer = `buyer@${domain}`;
    const [small, large] = [`Calm ${device.name}`, `Large ${device.name}`];
    await paidBusiness(request, buyer, small);
    await paidBusiness(request, buyer, large);
    // The large business gets 100 more seats from the back office, for one month once redeemed.
    const login = await request.post("/api/v1/auth/login", {
      data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const admin = {
      Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
    };
    const found = await request.get(`/api/v1/user/businesses?q=${encodeURIComponent(large)}`, {
      headers: admin,
    });
    const largeId = ((await found.json()) as { data: { _id: string }[] }).data[0]!._id;
    const granted = await request.post(`/api/v1/user/businesses/${largeId}/seats`, {
      headers: admin,
      data: { seats: 100, months: 1, reason: "Pilot" },
    });
    expect(granted.ok(), await granted.text()).toBe(true);

    // Signed in by the e-mailed link, the portal opens the first business (by name).
    await page.goto("/business/portal");
    await page.getByLabel("E-mail address").fill(buyer);
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    const [link] = await mailMatch(buyer, /http\S+\/business\/portal\/signin\?token=[\w-]+/);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: small })).toBeVisible();
    const switcher = page.getByRole("button", { name: /Switch business/ });
    await switcher.click();
    await expect(page.getByRole("menuitem")).toHaveText([small, large]);

    // Two of the large business's one-month seats are redeemed (the newest seats come first).
    await page.getByRole("menuitem", { name: large }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]business=${largeId}`));
    await expect(page.getByRole("heading", { level: 1, name: large })).toBeVisible();
    const unsent = await page.request.get(`/api/v1/business/${largeId}/seats?state=unsent&limit=2`);
    const codes = ((await unsent.json()) as { data: { code: string }[] }).data.map((seat) => seat.code);
    for (const [i, name] of ["ana", "ben"].entries()) {
      const token = await verifiedListener(request, `${name}@${domain}`, `${name}two${device.name}`);
      const redeemed = await request.post("/api/v1/user/redeem-code", {
        headers: { Authorization: `Bearer ${token}` },
        data: { code: codes[i] },
      });
      expect(redeemed.ok(), await redeemed.text()).toBe(true);
    }

    // A reload keeps the business chosen; the overview says what needs doing, with the way to it.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: large })).toBeVisible();
    await expect(switcher).toHaveAccessibleName(`Business: ${large}. Switch business`);
    const todo = page.getByRole("region", { name: "Overview" }).getByRole("list", { name: "To do" });
    await expect(todo.getByRole("listitem")).toHaveText([
      /^103 seats free to give\.\s*Invite people$/,
      /^2 seats expire within 60 days\.\s*Renew seats$/,
    ]);
    await expectAxeClean(page);
    await todo.getByRole("link", { name: "Invite people" }).click();
    await expect(page).toHaveURL(new RegExp(`/business/portal/invite\\?business=${largeId}$`));
    await expect(page.getByRole("heading", { name: "Invite people" })).toBeInViewport();
    await page.goBack();
    await todo.getByRole("link", { name: "Renew seats" }).click();
    await expect(page).toHaveURL(new RegExp(`/business/portal/billing\\?business=${largeId}$`));
    const renewals = page.getByRole("region", { name: "Renewals" });
    await expect(renewals.getByRole("heading", { name: "Renewals" })).toBeVisible();
    await expect(renewals.getByRole("checkbox")).toHaveCount(2);
    await expect(renewals.getByRole("checkbox", { checked: true })).toHaveCount(2);
    await expect(renewals).toContainText(`ana@${domain}`);
    await expect(renewals).toContainText(`ben@${domain}`);

    // 105 seats: the table shows 25, then 25 more at each "Show more seats", and then no button.
    // The renewals' total is shown before the payment page.
    await expect(renewals.getByText("Total: $99.98 for 2 seats.")).toBeVisible();
    await portalSection(page, "Seats");
    await expect(page).toHaveURL(new RegExp(`/business/portal/seats\\?business=${largeId}$`));
    const seats = page.getByRole("region", { name: "Seats" });
    const rows = portalSeatRows(page);
    await expect(rows).toHaveCount(25);
    for (const shown of [50, 75, 100, 105]) {
      await seats.getByRole("button", { name: "Show more seats" }).click();
      await expect(rows).toHaveCount(shown);
    }
    await expect(seats.getByRole("button", { name: "Show more seats" })).toHaveCount(0);
    // Newest activity first: the two redeemed seats lead.
    await expect(rows.nth(0)).toContainText(`@${domain}`);
    await expect(rows.filter({ has: page.getByText("Redeemed", { exact: true }) })).toHaveCount(2);
    // Nothing is wider than the screen (the sections laid out later once made the page 480 px wide).
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expectAxeClean(page);

    // Copying a code says so (on the button and to screen readers), and the clipboard holds it: the
    // first unsent seat in the table's order (newest activity first; seats without any by id).
    const newest = await page.request.get(
      `/api/v1/business/${largeId}/seats?state=unsent&sort=activity&direction=desc&limit=1`,
    );
    const code = ((await newest.json()) as { data: { code: string }[] }).data[0]!.code;
    const unsentRow = rows.filter({ has: page.getByText("Not sent", { exact: true }) }).first();
    const copy = unsentRow.getByRole("button").first();
    await expect(copy).toHaveText("Copy code");
    await copy.click();
    await expect(copy).toHaveText("Copied");
    await expect(unsentRow.getByRole("status")).toHaveText("Code copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await expectAxeClean(page);
    await expect(copy).toHaveText("Copy code");

    // A checkout for more seats, cancelled, comes back to this business.
    await portalSection(page, "Billing");
    await page.getByLabel("Seats to add (1-100, $49.99 each per year)").fill("1");
    await page
      .getByRole("region", { name: "More seats" })
      .getByRole("button", { name: "Go to payment" })
      .click();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByText("Your checkout was cancelled and nothing was charged.")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: large })).toBeVisible();

    // Back to the other business: its own seats, and no renewal to do.
    await switcher.click();
    await page.getByRole("menuitem", { name: small }).click();
    await expect(page.getByRole("heading", { level: 1, name: small })).toBeVisible();
    await expect(todo.getByRole("listitem")).toHaveText([/^5 seats free to give\./]);
    await portalSection(page, "Seats");
    await expect(rows).toHaveCount(5);
    await portalSection(page, "Billing");
    await expect(page.getByRole("region", { name: "Renewals" })).toContainText(
      "No seat expires within 60 days",
    );
  });
}

test("the join link: signed out it asks to sign up or in; a wrong domain is told which one; a verified address there takes a seat", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const domain = "join-company.example";
  const business = await businessByApi(request, `buyer@${domain}`, "Join Company");
  const patched = await request.patch(`/api/v1/business/${business.id}`, {
    headers: { Authorization: `Bearer ${business.token}` },
    data: { joinDomains: [domain] },
  });
  const joinPath = new URL((await patched.json()).data.joinUrl as string).pathname;

  // Signed out: sign up or sign in first, then back here.
  await page.goto(joinPath);
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
    "href",
    `/listen/signup?next=${encodeURIComponent(joinPath)}`,
  );
  await expectAxeClean(page);

  // Another domain is refused, naming the business's.
  const outsider = "sam@elsewhere-company.example";
  await verifiedListener(request, outsider, "samjoin");
  await page.getByRole("link", { name: "I have an account" }).click();
  await page.getByLabel("Email").fill(outsider);
  await page.getByLabel("Password", { exact: true }).fill(LISTENER_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${joinPath}$`));
  await page.getByRole("button", { name: "Take my seat" }).click();
  await expect(page.getByRole("alert").filter({ hasText: `for addresses at ${domain}` })).toBeVisible();
  await expectAxeClean(page);

  // A verified address at the domain takes a seat (on a phone).
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  const insider = `lee@${domain}`;
  await verifiedListener(request, insider, "leejoin");
  await phone.goto(`/listen/signin?next=${encodeURIComponent(joinPath)}`);
  await phone.getByLabel("Email").fill(insider);
  await phone.getByLabel("Password", { exact: true }).fill(LISTENER_PASSWORD);
  await phone.getByRole("button", { name: "Sign in" }).click();
  await phone.getByRole("button", { name: "Take my seat" }).click();
  await expect(phone.getByText("You have a seat")).toBeVisible();
  await expectAxeClean(phone);
  const seats = await request.get(`/api/v1/business/${business.id}`, {
    headers: { Authorization: `Bearer ${business.token}` },
  });
  expect((await seats.json()).data.seats).toMatchObject({ redeemed: 1, unsent: 4 });
  await context.close();
});

test("the back office lists businesses, opens one, gives free seats with a reason and re-sends a sign-in link", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const buyer = "buyer@office-company.example";
  await businessByApi(request, buyer, "Office Company");
  await openAsAdmin(page, "/admin/businesses");
  await page.getByRole("searchbox", { name: "Search businesses by name or e-mail" }).fill("Office Company");
  const table = page.getByRole("table", { name: "Businesses" });
  await expect(table.getByRole("row").filter({ hasText: "Office Company" })).toHaveCount(1);
  await expect(page).toHaveURL(/\?q=Office\+Company/);
  await expectAxeClean(page);
  await table.getByRole("button", { name: "Open Office Company" }).click();

  const drawer = page.getByRole("dialog", { name: "Office Company" });
  await expect(drawer.getByRole("region", { name: "Admins" })).toContainText(buyer);
  await expect(drawer.getByRole("region", { name: "Purchases" })).toContainText("First purchase");
  await expect(drawer.getByRole("region", { name: "Seats by state" })).toContainText("5 seats");

  await drawer.getByRole("textbox", { name: "Seats", exact: true }).fill("3");
  await drawer.getByLabel("Reason").fill("Charity partner");
  await drawer.getByRole("button", { name: "Give seats" }).click();
  await expect(drawer.getByRole("region", { name: "Seats by state" })).toContainText("8 seats");
  // The server's words (activity-words.ts), as the portal's Activity shows them.
  await expect(drawer.getByRole("region", { name: "Activity" })).toContainText(
    "Serene support gave 3 free seats: Charity partner",
  );
  await expectAxeClean(page);

  const before = (await mailTo(buyer)).length;
  await drawer.getByRole("button", { name: `Send a sign-in link to ${buyer}` }).click();
  await expect(toast(page, `A sign-in link is on its way to ${buyer}`)).toBeVisible();
  await expect.poll(async () => (await mailTo(buyer)).length).toBe(before + 1);

  await page.goto("/admin/activity");
  await expect(page.getByText(`sent a business portal sign-in link to ${buyer}`).first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/businesses?q=Office+Company");
  await expect(page.getByRole("button", { name: "Open Office Company" })).toBeVisible();
  await expectAxeClean(page);
});
