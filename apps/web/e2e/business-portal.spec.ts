import { expect, test } from "@playwright/test";
import {
  expectAxeClean,
  mailMatch,
  mailTo,
  paidBusiness,
  SEAT_CODE,
  selectOption,
  toast,
  verifiedListener,
} from "./fixtures";

test("a buyer signs in to the portal by the e-mailed link, invites colleagues, takes a seat back and opens an invoice", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const buyer = "people@portal-company.example";
  const ana = "ana@portal-company.example";
  const ben = "ben@portal-company.example";
  await paidBusiness(request, buyer, "Portal Company");

  // /business says what the portal does, and that more seats are bought there.
  await page.goto("/business");
  const portalInfo = page.getByRole("region", { name: "Your seats, in one place" });
  await expect(portalInfo).toContainText("with a CSV file");
  await expect(portalInfo).toContainText("Take a seat back when someone leaves");
  await expect(portalInfo).toContainText("anonymised report");
  await page.getByText("What if we hire more people later?").click();
  await expect(page.getByText(/Add seats in the business portal: 1 to 100 at a time/)).toBeVisible();

  // From /business to the portal's sign-in form.
  await page.getByRole("link", { name: "Manage your seats" }).click();
  await expect(page).toHaveURL(/\/business\/portal$/);
  // (The portal's code can take a while to load on a busy machine.)
  await expect(page.getByRole("heading", { level: 1, name: "Business portal" })).toBeVisible({
    timeout: 20_000,
  });
  await expectAxeClean(page);
  await page.getByLabel("E-mail address").fill(buyer);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page.getByRole("status")).toContainText("works once, for 15 minutes");

  // The e-mailed link signs in and lands on the business's overview, in the portal's own frame.
  const [link] = await mailMatch(buyer, /http\S+\/business\/portal\/signin\?token=[\w-]+/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/business\/portal$/);
  await expect(page.getByRole("heading", { level: 1, name: "Portal Company" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${buyer}`)).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Portal sections" });
  const overview = page.getByRole("region", { name: "Overview" });
  const count = (label: string) => overview.locator(`dt:text-is("${label}") + dd`);
  await expect(count("All seats")).toHaveText("5");
  await expect(count("Not sent")).toHaveText("5");
  await expect(count("Redeemed")).toHaveText("0");
  await expectAxeClean(page);

  // Invite two colleagues by pasting addresses; the invalid one shows its own result.
  await nav.getByRole("link", { name: "Invite" }).click();
  await expect(page).toHaveURL(/\/business\/portal\/invite$/);
  const invite = page.getByRole("region", { name: "Invite people" });
  await invite.getByLabel("E-mail addresses").fill(`${ana}\nnot-an-address, ${ben}`);
  await invite.getByRole("button", { name: "Send invitations" }).click();
  const results = invite.getByRole("list", { name: "Invitation results" });
  await expect(results.getByRole("listitem")).toHaveText([
    `${ana}: invited`,
    "not-an-address: invalid email",
    `${ben}: invited`,
  ]);
  await expect(toast(page, "2 invitations sent.")).toBeVisible();
  await expectAxeClean(page);

  // The seats table, filtered by state (kept in the address): the two invited people, as badges.
  await nav.getByRole("link", { name: "Seats" }).click();
  const seats = page.getByRole("region", { name: "Seats" });
  await selectOption(page, seats.getByRole("combobox", { name: "State" }), "Invited");
  await expect(page).toHaveURL(/\/business\/portal\/seats\?state=invited$/);
  const rows = seats.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: ana })).toContainText("Invited");

  // Resending Ben's invitation e-mails him his code again.
  await mailMatch(ben, SEAT_CODE);
  await rows.filter({ hasText: ben }).getByRole("button", { name: "Resend" }).click();
  await expect(toast(page, `The invitation went to ${ben} again.`)).toBeVisible();
  await expect.poll(async () => (await mailTo(ben)).filter((m) => SEAT_CODE.test(m.text)).length).toBe(2);

  // Ana redeems her invitation in the app; the portal shows her seat redeemed.
  const [code] = await mailMatch(ana, SEAT_CODE);
  const anaToken = await verifiedListener(request, ana, "ana");
  const redeemed = await request.post("/api/v1/user/redeem-code", {
    headers: { Authorization: `Bearer ${anaToken}` },
    data: { code },
  });
  expect(redeemed.ok(), await redeemed.text()).toBe(true);
  await selectOption(page, seats.getByRole("combobox", { name: "State" }), "Redeemed");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`ana (${ana})`);
  await expect(rows.first()).toContainText("Redeemed");

  // Back goes through the filters to the Invite section: inviting Ana again, now that she holds a
  // seat, uses no seat. Forward comes back to the filtered seats.
  for (let step = 0; step < 3; step += 1) await page.goBack();
  await expect(page).toHaveURL(/\/business\/portal\/invite$/);
  await invite.getByLabel("E-mail addresses").fill(ana);
  await invite.getByRole("button", { name: "Send invitations" }).click();
  await expect(results.getByRole("listitem")).toHaveText([`${ana}: already invited or holds a seat`]);
  for (let step = 0; step < 3; step += 1) await page.goForward();
  await expect(page).toHaveURL(/\/business\/portal\/seats\?state=redeemed$/);

  // Taking her seat back asks first, in a dialog naming the consequence, frees the seat and tells her.
  await rows.first().getByRole("button", { name: "Remove" }).click();
  const confirm = page.getByRole("dialog", { name: "Take this seat back?" });
  await expect(confirm).toContainText(/ana loses access now; the seat keeps 36\d days/);
  await expectAxeClean(page);
  await confirm.getByRole("button", { name: "Take the seat back" }).click();
  await expect(rows).toHaveCount(0);
  await expect(toast(page, `no longer has access`)).toBeVisible();
  await mailMatch(ana, /has taken back the Serene seat/);

  // The freed seat says how long it keeps, and is given again to an address typed in a dialog.
  await selectOption(page, seats.getByRole("combobox", { name: "State" }), "Freed");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(/Freed.*keeps 36\d days/);
  await rows.first().getByRole("button", { name: "Give this seat" }).click();
  const give = page.getByRole("dialog", { name: "Give this seat" });
  await expect(give).toContainText(/keeps 36\d days from when they redeem it/);
  await give.getByLabel("E-mail address").fill("dora@portal-company.example");
  await give.getByRole("button", { name: "Give the seat" }).click();
  await expect(toast(page, "The seat went to dora@portal-company.example")).toBeVisible();
  await expect(rows).toHaveCount(0);
  await mailMatch("dora@portal-company.example", SEAT_CODE);
  await nav.getByRole("link", { name: "Overview" }).click();
  await expect(count("Freed")).toHaveText("0");
  await expect(count("Invited")).toHaveText("2");

  // Billing: the invoice of the purchase, with its PDF.
  await nav.getByRole("link", { name: "Billing" }).click();
  const invoices = page.getByRole("region", { name: "Invoices" });
  await expect(invoices).toContainText(/SER-\d{4}-\d{6}/);
  await expect(invoices.getByRole("row").nth(1)).toContainText(/\$249\.95.*\$249\.95/);
  const href = await invoices
    .getByRole("link", { name: /^PDF of SER-/ })
    .first()
    .getAttribute("href");
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toContain("application/pdf");
  expect((await answer.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // More seats: the total before the payment page.
  await page.getByLabel("Seats to add (1-100, $49.99 each per year)").fill("3");
  await expect(page.getByText("Total: $149.97 for 3 seats")).toBeVisible();

  // A CSV file with an email column invites its rows.
  await nav.getByRole("link", { name: "Invite" }).click();
  const chooser = page.waitForEvent("filechooser");
  await invite.getByRole("button", { name: "Or a CSV file" }).click();
  await (
    await chooser
  ).setFiles({
    name: "team.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("email,name\ncarla@portal-company.example,Carla\n"),
  });
  await invite.getByRole("button", { name: "Send invitations" }).click();
  await expect(results.getByRole("listitem")).toHaveText(["carla@portal-company.example: invited"]);
  await mailMatch("carla@portal-company.example", SEAT_CODE);

  // Billing details, saved (and said so) and shown again after a reload.
  await nav.getByRole("link", { name: "Billing" }).click();
  const billing = page.getByRole("region", { name: "Billing details and join link" });
  await billing.getByLabel("Tax ID").fill("GB123456789");
  await billing.getByLabel("Billing address").fill("1 Main St, Leeds");
  await billing.getByLabel("Join domains").fill("portal-company.example");
  await billing.getByRole("button", { name: "Save details" }).click();
  await expect(toast(page, "Details saved.")).toBeVisible();
  await page.reload();
  await expect(billing.getByLabel("Tax ID")).toHaveValue("GB123456789");
  await expect(billing.getByLabel("Join domains")).toHaveValue("portal-company.example");
  await expectAxeClean(page);

  // Admins: the only admin cannot be removed; a second one can, after a dialog.
  await nav.getByRole("link", { name: "Admins" }).click();
  const admins = page.getByRole("region", { name: "Admins" });
  await expect(admins.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await admins.getByLabel("Add an admin by e-mail").fill("dana@portal-company.example");
  await admins.getByRole("button", { name: "Add admin" }).click();
  await expect(admins.getByRole("listitem")).toHaveCount(2);
  await mailMatch("dana@portal-company.example", /\/business\/portal\/signin\?token=/);
  await admins.getByRole("button", { name: "Remove dana@portal-company.example" }).click();
  await page
    .getByRole("dialog", { name: "Remove dana@portal-company.example?" })
    .getByRole("button", { name: "Remove admin" })
    .click();
  await expect(admins.getByRole("listitem")).toHaveCount(1);

  // The report of a business bought this month: no month of it has ended, so only this one is
  // offered, with its seat funnel and why listening figures wait (they need 10 listeners).
  await nav.getByRole("link", { name: "Report" }).click();
  const report = page.getByRole("region", { name: "Report" });
  await expect(report.getByText("This month has not ended")).toBeVisible();
  await expect(report.getByText(/Listening figures need 10 listeners/)).toBeVisible();
  await expect(report.getByLabel("Month").locator("option")).toHaveCount(1);
  // Ben and Carla invited, and the freed seat given to Dora; Ana's seat was taken back.
  await expect(report.locator('dt:text-is("Invited") + dd')).toHaveText("3");
  await expect(report.locator('dt:text-is("→ Redeemed") + dd')).toHaveText("0");
  await expect(report.locator('dt:text-is("Minutes")')).toHaveCount(0);
  await report.screenshot({ path: "test-results/employer-view/portal-report-current-1280.png" });
  await expectAxeClean(page);

  // The activity names what the admin did.
  await nav.getByRole("link", { name: "Activity" }).click();
  const activity = page.getByRole("list", { name: "Portal activity" });
  await expect(activity).toContainText(`${buyer} took back the seat of ${ana}`);
  await expect(activity).toContainText("added dana@portal-company.example as an admin");
  await expectAxeClean(page);

  // On a phone the navigation is a menu, and the seats table turns into one card per seat.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(nav.getByRole("link", { name: "Seats" })).not.toBeInViewport();
  await page.getByRole("button", { name: "Open navigation" }).click();
  await nav.getByRole("link", { name: "Seats" }).click();
  await expect(page).toHaveURL(/\/business\/portal\/seats$/);
  await expect(seats.getByRole("list", { name: "Seats" }).getByRole("listitem")).toHaveCount(5);
  await expect(seats.getByRole("columnheader", { name: "State" })).toHaveCount(0);
  await expectAxeClean(page);
});

test("an expired or used sign-in link says so and offers a new one", async ({ page }) => {
  await page.goto("/business/portal/signin?token=not-a-real-token");
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
    "href",
    "/business/portal",
  );
  await expectAxeClean(page);
});
