import { expect, type Page, test } from "@playwright/test";
import { expectAxeClean, mailMatch, mailTo, SEAT_CODE, verifiedListener } from "./fixtures";

/** Buys `seats` seats through /business and the API's test checkout, as public.spec.ts does. */
async function buySeats(page: Page, email: string, name: string) {
  await page.goto("/business");
  await page.locator("html[data-enhanced]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "Choose your plan" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Choose your plan" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Business Name").fill(name);
  await dialog.getByRole("button", { name: "Buy Now" }).click();
  await page.getByRole("button", { name: "Pay $249.95" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for Subscription" })).toBeVisible();
}

test("a buyer signs in to the portal by the e-mailed link, invites colleagues, takes a seat back and opens an invoice", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const buyer = "people@portal-company.example";
  const ana = "ana@portal-company.example";
  const ben = "ben@portal-company.example";
  await buySeats(page, buyer, "Portal Company");

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
  await expect(page.getByRole("heading", { level: 1, name: "Business portal" })).toBeVisible();
  await expectAxeClean(page);
  await page.getByLabel("E-mail address").fill(buyer);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page.getByRole("status")).toContainText("works once, for 15 minutes");

  // The e-mailed link signs in and lands on the business's overview.
  const [link] = await mailMatch(buyer, /http\S+\/business\/portal\/signin\?token=[\w-]+/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/business\/portal$/);
  await expect(page.getByRole("heading", { level: 1, name: "Portal Company" })).toBeVisible();
  const overview = page.getByRole("region", { name: "Overview" });
  const count = (label: string) => overview.locator(`dt:text-is("${label}") + dd`);
  await expect(count("All seats")).toHaveText("5");
  await expect(count("Unsent")).toHaveText("5");
  await expect(count("Redeemed")).toHaveText("0");
  await expectAxeClean(page);

  // Invite two colleagues by pasting addresses; the invalid one shows its own result.
  const invite = page.getByRole("region", { name: "Invite people" });
  await invite.getByLabel("E-mail addresses").fill(`${ana}\nnot-an-address, ${ben}`);
  await invite.getByRole("button", { name: "Send invitations" }).click();
  const results = invite.getByRole("list", { name: "Invitation results" });
  await expect(results.getByRole("listitem")).toHaveText([
    `${ana}: invited`,
    "not-an-address: invalid email",
    `${ben}: invited`,
  ]);
  await expect(count("Invited")).toHaveText("2");
  await expect(count("Unsent")).toHaveText("3");
  await expectAxeClean(page);

  // The seats table, filtered by state: the two invited people.
  const seats = page.getByRole("region", { name: "Seats" });
  await seats.getByLabel("State").selectOption("invited");
  await seats.getByRole("button", { name: "Show" }).click();
  const rows = seats.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: ana })).toContainText("invited");

  // Resending Ben's invitation e-mails him his code again.
  await mailMatch(ben, SEAT_CODE);
  await rows.filter({ hasText: ben }).getByRole("button", { name: "Resend" }).click();
  await expect.poll(async () => (await mailTo(ben)).filter((m) => SEAT_CODE.test(m.text)).length).toBe(2);

  // Ana redeems her invitation in the app; the portal shows her seat redeemed.
  const [code] = await mailMatch(ana, SEAT_CODE);
  const anaToken = await verifiedListener(request, ana, "ana");
  const redeemed = await request.post("/api/v1/user/redeem-code", {
    headers: { Authorization: `Bearer ${anaToken}` },
    data: { code },
  });
  expect(redeemed.ok(), await redeemed.text()).toBe(true);
  await seats.getByLabel("State").selectOption("redeemed");
  await seats.getByRole("button", { name: "Show" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`ana (${ana})`);

  // Inviting Ana again, now that she holds a seat, uses no seat.
  await invite.getByLabel("E-mail addresses").fill(ana);
  await invite.getByRole("button", { name: "Send invitations" }).click();
  await expect(results.getByRole("listitem")).toHaveText([`${ana}: already invited or holds a seat`]);
  await expect(count("Unsent")).toHaveText("3");
  await expect(count("Invited")).toHaveText("1");

  // Taking her seat back asks first, frees the seat and tells her.
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain(ana);
    void dialog.accept();
  });
  await rows.first().getByRole("button", { name: "Remove" }).click();
  await expect(rows).toHaveCount(0);
  await expect(count("Freed")).toHaveText("1");
  await expect(count("Redeemed")).toHaveText("0");
  await mailMatch(ana, /has taken back the Serene seat/);

  // The invoice of the purchase, with its PDF.
  const invoices = page.getByRole("region", { name: "Invoices" });
  const pdf = invoices.getByRole("link", { name: "PDF" }).first();
  await expect(invoices).toContainText(/SER-\d{4}-\d{6}/);
  const href = await pdf.getAttribute("href");
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toContain("application/pdf");
  expect((await answer.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // A CSV file with an email column invites its rows.
  await invite.getByLabel("Or a CSV file").setInputFiles({
    name: "team.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("email,name\ncarla@portal-company.example,Carla\n"),
  });
  await invite.getByRole("button", { name: "Send invitations" }).click();
  await expect(results.getByRole("listitem")).toHaveText(["carla@portal-company.example: invited"]);
  await mailMatch("carla@portal-company.example", SEAT_CODE);
  // The page has reloaded the business (Ben and Carla invited) before the billing form is filled.
  await expect(count("Invited")).toHaveText("2");

  // Billing details, saved and shown again after a reload.
  const billing = page.getByRole("region", { name: "Billing details and join link" });
  await billing.getByLabel("Tax ID").fill("GB123456789");
  await billing.getByLabel("Billing address").fill("1 Main St, Leeds");
  await billing.getByLabel("Join domains").fill("portal-company.example");
  await billing.getByRole("button", { name: "Save details" }).click();
  // Saved once the activity names the change (the join link was shown before the save already).
  await expect(page.getByRole("list", { name: "Portal activity" })).toContainText("joinDomains");
  await page.reload();
  await expect(billing.getByLabel("Tax ID")).toHaveValue("GB123456789");
  await expect(billing.getByLabel("Join domains")).toHaveValue("portal-company.example");

  // Admins: the only admin cannot be removed; a second one can.
  const admins = page.getByRole("region", { name: "Admins" });
  await expect(admins.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await admins.getByLabel("Add an admin by e-mail").fill("dana@portal-company.example");
  await admins.getByRole("button", { name: "Add admin" }).click();
  await expect(admins.getByRole("listitem")).toHaveCount(2);
  await mailMatch("dana@portal-company.example", /\/business\/portal\/signin\?token=/);
  page.once("dialog", (dialog) => void dialog.accept());
  await admins.getByRole("button", { name: "Remove dana@portal-company.example" }).click();
  await expect(admins.getByRole("listitem")).toHaveCount(1);

  // The report: the last ended month, every figure withheld: the seat funnel and why. The
  // month still running shows its seat counts only.
  const report = page.getByRole("region", { name: "Report" });
  await expect(report.getByText(/Listening figures need 10 listeners/)).toBeVisible();
  // Ben and Carla invited; Ana's seat was taken back.
  await expect(report.locator('dt:text-is("Invited") + dd')).toHaveText("2");
  await expect(report.locator('dt:text-is("Minutes")')).toHaveCount(0);
  await report.screenshot({ path: "test-results/employer-view/portal-report-withheld-1280.png" });
  await report.getByLabel("Month").selectOption({ index: 0 });
  await expect(report.getByText("This month has not ended")).toBeVisible();
  await expect(report.locator('dt:text-is("→ Redeemed") + dd')).toHaveText("0");
  await report.screenshot({ path: "test-results/employer-view/portal-report-current-1280.png" });

  // The activity names what the admin did.
  const activity = page.getByRole("list", { name: "Portal activity" });
  await expect(activity).toContainText(`took the seat back from ${ana}`);
  await expect(activity).toContainText("added dana@portal-company.example as an admin");
  await expectAxeClean(page);

  // On a phone the same page stays clean (the seats table turns into one card per seat).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(seats.getByRole("columnheader", { name: "State" })).toBeHidden();
  await report.screenshot({ path: "test-results/employer-view/portal-report-current-390.png" });
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
