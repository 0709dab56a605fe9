import { expect, type Page, test } from "@playwright/test";
import { CODE_PATTERN } from "@serene/contract/business";
import {
  ADMIN_EMAIL,
  adminHeaders,
  createUser,
  handle,
  listTotal,
  mailTo,
  openAsAdmin,
  selectOption,
  toast,
  unique,
} from "./fixtures";

// Each journey creates its data through the public API first: more than the default 30 s on a
// busy machine.
test.describe.configure({ timeout: 90_000 });

/**
 * A business purchase through the public API, as the website makes it: Buy Now, then (when
 * `pay`) Pay on the built-in test checkout and the /checkout page's create-coupons call.
 */
async function buy(
  page: Page,
  order: { assignedName: string; email: string; totalUsers: number },
  pay = true,
) {
  const body = { ...order, totalMonths: 12 };
  const started = await page.request.post("/api/v1/user/stripe-payment", { data: body });
  expect(started.ok(), await started.text()).toBe(true);
  const { purchaseId, provider } = (
    (await started.json()) as { data: { purchaseId: string; provider: string } }
  ).data;
  expect(provider).toBe("test");
  if (!pay) return purchaseId;

  // As the checkout page's own form posts it (form posts are taken from the site only).
  const paid = await page.request.post(`/api/v1/user/test-checkout/${purchaseId}/pay`, {
    form: {},
    headers: { "sec-fetch-site": "same-origin" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const back = new URL(paid.headers().location!, "http://localhost");
  expect(back.pathname).toBe("/checkout");
  const coupons = await page.request.post("/api/v1/user/create-coupons", {
    data: { ...body, session_id: back.searchParams.get("session_id") },
  });
  expect(coupons.ok(), await coupons.text()).toBe(true);
  return purchaseId;
}

test("an admin finds a purchase, sees its codes and who redeemed one, and resends them", async ({ page }) => {
  await openAsAdmin(page, "/admin");
  const business = unique("Quiet Harbour");
  const email = `${handle("people")}@quiet-harbour.example`;
  await buy(page, { assignedName: business, email, totalUsers: 6 });
  const pendingBusiness = unique("Slow Payer");
  await buy(
    page,
    { assignedName: pendingBusiness, email: `${handle("slow")}@payer.example`, totalUsers: 5 },
    false,
  );

  // The codes e-mail went out once; an employee redeems one code.
  await expect.poll(async () => (await mailTo(email)).length, { timeout: 15_000 }).toBe(1);
  const codes = (await mailTo(email))[0]!.text.match(new RegExp(CODE_PATTERN.source.slice(1, -1), "g")) ?? [];
  expect(new Set(codes).size).toBe(6);
  // The employee signs up in the app with the code: redeemed in the same step.
  const employee = { username: handle("employee"), email: `${handle("employee")}@example.com` };
  const redeemed = await page.request.post("/api/v1/auth/signup", {
    data: { ...employee, password: "password-1234", ageConfirmed: true, code: codes[0] },
  });
  expect(redeemed.ok(), await redeemed.text()).toBe(true);

  const purchases = await listTotal(page, "/api/v1/user/purchases?limit=1");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Purchases" }).click();
  await expect(page.getByRole("heading", { level: 2, name: `All purchases (${purchases})` })).toBeVisible();

  await page.getByRole("searchbox", { name: "Search purchases by business or e-mail" }).fill(business);
  await expect(page).toHaveURL(/[?&]q=Quiet/);
  await expect(page.getByRole("heading", { level: 2, name: "Matching purchases (1)" })).toBeVisible();
  const row = page.getByRole("table", { name: "Purchases" }).getByRole("row").filter({ hasText: business });
  const today = await page.evaluate(() => new Date().toLocaleDateString("en-US"));
  await expect(row).toContainText(email);
  await expect(row).toContainText("$299.94");
  await expect(row).toContainText("Paid");
  await expect(row).toContainText("1 of 6 redeemed");
  await expect(row).toContainText(today);

  // A click on the row opens the purchase and its codes; the URL names it.
  await row.getByText(email).click();
  const drawer = page.getByRole("dialog", { name: business });
  await expect(page).toHaveURL(/[?&]purchase=[0-9a-f-]{36}/);
  const codeRows = drawer.getByRole("table", { name: "Subscription codes" }).getByRole("row");
  await expect(codeRows).toHaveCount(7);
  await expect(drawer.getByRole("heading", { name: "Codes (1 of 6 redeemed)" })).toBeVisible();
  const used = codeRows.filter({ hasText: codes[0]! });
  await expect(used).toContainText("Redeemed");
  await expect(used).toContainText(employee.email);
  await expect(used).toContainText(today);
  await expect(codeRows.filter({ hasText: "Not redeemed" })).toHaveCount(5);
  for (const code of codes) await expect(drawer.getByText(code, { exact: true })).toBeVisible();
  await expect(drawer.getByRole("button", { name: `Copy ${codes[1]}` })).toBeVisible();

  // Resend e-mail: asks first, then says so in the server's words, and a second e-mail goes out.
  await drawer.getByRole("button", { name: "Resend e-mail" }).click();
  const confirm = page.getByRole("dialog", { name: "Resend the codes" });
  await expect(confirm).toContainText(`6 subscription codes of ${business} are e-mailed again to ${email}`);
  await confirm.getByRole("button", { name: "Resend e-mail" }).click();
  await expect(toast(page, `Subscription codes have been sent again to ${email}`)).toBeVisible();
  await expect.poll(async () => (await mailTo(email)).length, { timeout: 15_000 }).toBe(2);

  // Escape closes the drawer (and leaves the URL); Back would too.
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/purchase=/);

  // An unpaid purchase has no codes, and nothing to resend.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await selectOption(page, page.getByRole("combobox", { name: "State" }), "Pending");
  await expect(page).toHaveURL(/[?&]state=pending/);
  const pendingRow = page
    .getByRole("table", { name: "Purchases" })
    .getByRole("row")
    .filter({ hasText: pendingBusiness });
  await expect(pendingRow).toContainText("Pending");
  await expect(page.getByRole("table", { name: "Purchases" })).not.toContainText(business);
  await pendingRow.getByRole("button", { name: `View codes of ${pendingBusiness}` }).click();
  const pendingDrawer = page.getByRole("dialog", { name: pendingBusiness });
  await expect(pendingDrawer).toContainText("No codes yet");
  await expect(pendingDrawer.getByRole("button", { name: "Resend e-mail" })).toHaveCount(0);
});

test("the support inbox shows a new message, and opening it marks it read", async ({ page }) => {
  await openAsAdmin(page, "/admin");
  const subject = unique("Cannot find my downloads");
  const sender = { fullName: "Maya Ortiz", email: `${handle("maya")}@example.com` };
  const message = "Hello,\nafter the last update my downloaded sleep stories are gone.\nThanks!";
  const sent = await page.request.post("/api/v1/user/support", { data: { ...sender, subject, message } });
  expect(sent.ok(), await sent.text()).toBe(true);

  const headers = await adminHeaders(page);
  const inbox = async () =>
    (
      (await (await page.request.get("/api/v1/user/support-messages?limit=1", { headers })).json()) as {
        meta: { total: number; unread: number };
      }
    ).meta;
  const before = await inbox();
  expect(before.unread).toBeGreaterThanOrEqual(1);

  await page.goto("/admin/support");
  await expect(page.getByRole("heading", { level: 2, name: `All messages (${before.total})` })).toBeVisible();
  await expect(page.getByText(`${before.unread} unread`, { exact: true })).toBeVisible();

  await selectOption(page, page.getByRole("combobox", { name: "Read or unread" }), "Unread");
  await expect(page).toHaveURL(/[?&]state=unread/);
  const table = page.getByRole("table", { name: "Support messages" });
  const row = table.getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText("Unread");
  await expect(row).toContainText(sender.fullName);
  await expect(row).toContainText(sender.email);
  await expect(row).toContainText("after the last update");

  await row.getByRole("button", { name: `Open “${subject}” from ${sender.fullName}` }).click();
  const dialog = page.getByRole("dialog", { name: subject });
  await expect(dialog).toContainText("my downloaded sleep stories are gone.");
  await expect(dialog).toContainText(sender.email);
  // Replies are written here (the thread, e-mailed: admin-trash-support.spec.ts).
  await expect(dialog.getByRole("textbox", { name: "Your reply" })).toBeVisible();
  // The header's count follows (no badge once nothing is unread).
  if (before.unread > 1)
    await expect(page.getByText(`${before.unread - 1} unread`, { exact: true })).toBeVisible();
  else await expect(page.getByText(/^\d+ unread$/)).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
  await expect(dialog).toBeHidden();

  // Read now: gone from the unread list, there among the read ones.
  await expect(row).toHaveCount(0);
  expect((await inbox()).unread).toBe(before.unread - 1);
  await selectOption(page, page.getByRole("combobox", { name: "Read or unread" }), "Read");
  await page.getByRole("searchbox", { name: "Search messages by name, e-mail or subject" }).fill(subject);
  await expect(page.getByRole("heading", { level: 2, name: "Matching messages (1)" })).toBeVisible();
  await expect(table.getByRole("row").filter({ hasText: subject })).toContainText("Read");
});

test("an admin cancels one deletion request and deletes the account of another", async ({ page }) => {
  await openAsAdmin(page, "/admin");
  const keep = await createUser(page, handle("keep"));
  const leave = await createUser(page, handle("leave"));
  for (const [user, reason] of [
    [keep, "Changed my mind later."],
    [leave, "I no longer use the app."],
  ] as const) {
    const asked = await page.request.post("/api/v1/user/delete-account", {
      data: { email: user.email, reason },
    });
    expect(asked.ok(), await asked.text()).toBe(true);
    // Nothing is filed until the owner opens the e-mailed link and confirms. (The back office's
    // invitation to choose a password reached them first.)
    const confirmLink = async () =>
      (await mailTo(user.email))
        .map((mail) => /\S+\/delete-account\/confirm\?token=\S+/.exec(mail.text)?.[0])
        .filter(Boolean);
    await expect.poll(async () => (await confirmLink()).length, { timeout: 15_000 }).toBe(1);
    const link = (await confirmLink())[0]!;
    const confirmed = await page.request.post("/api/v1/user/delete-account/confirm", {
      data: { token: new URL(link).searchParams.get("token") },
    });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
  }

  const headers = await adminHeaders(page);
  const listed = (await (
    await page.request.get(`/api/v1/user/deletion-requests?q=${encodeURIComponent(leave.email)}`, { headers })
  ).json()) as { data: { dueAt: string; createdAt: string }[] };
  const { dueAt, createdAt } = listed.data[0]!;
  expect(Date.parse(dueAt) - Date.parse(createdAt)).toBe(90 * 24 * 3600 * 1000);
  const due = await page.evaluate((iso) => new Date(iso).toLocaleDateString("en-US"), dueAt);

  const requests = await listTotal(page, "/api/v1/user/deletion-requests?limit=1");
  await page.goto("/admin/deletion-requests");
  await expect(page.getByRole("heading", { level: 2, name: `All requests (${requests})` })).toBeVisible();
  const table = page.getByRole("table", { name: "Deletion requests" });
  const keepRow = table.getByRole("row").filter({ hasText: keep.email });
  const leaveRow = table.getByRole("row").filter({ hasText: leave.email });
  await expect(keepRow).toContainText("Pending");
  await expect(keepRow).toContainText(keep.username);
  await expect(keepRow).toContainText("Changed my mind later.");
  await expect(leaveRow).toContainText(due);

  // Cancel request
  await page.getByRole("button", { name: `Actions for ${keep.email}` }).click();
  await page.getByRole("menuitem", { name: "Cancel request" }).click();
  const cancel = page.getByRole("dialog", { name: `Cancel the request of ${keep.email}` });
  await expect(cancel).toContainText("The account stays");
  await cancel.getByRole("button", { name: "Cancel request" }).click();
  await expect(toast(page, "Deletion request cancelled")).toBeVisible();
  await expect(keepRow).toContainText("Cancelled");
  await expect(keepRow).toContainText(`by ${ADMIN_EMAIL}`);
  await expect(page.getByRole("button", { name: `Actions for ${keep.email}` })).toHaveCount(0);

  // Delete account now
  await page.getByRole("searchbox", { name: "Search requests by e-mail" }).fill(leave.email);
  await expect(page).toHaveURL(/[?&]q=leave/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await page.getByRole("button", { name: `Actions for ${leave.email}` }).click();
  await page.getByRole("menuitem", { name: "Delete account now" }).click();
  const execute = page.getByRole("dialog", { name: `Delete the account of ${leave.email}` });
  await expect(execute).toContainText(`${leave.email} is told by e-mail`);
  await execute.getByRole("button", { name: "Delete account now" }).click();
  await expect(toast(page, "Deletion request executed: the account is deleted")).toBeVisible();
  await expect(leaveRow).toContainText("Executed");
  await expect(leaveRow).toContainText("No account");

  const single = (user: { _id: string }) => page.request.get(`/api/v1/user/single/${user._id}`, { headers });
  expect((await single(leave)).status()).toBe(404);
  expect((await single(keep)).status()).toBe(200);

  await selectOption(page, page.getByRole("combobox", { name: "State" }), "Pending");
  await expect(page).toHaveURL(/[?&]state=pending/);
  await expect(page.getByText("No request matches these filters")).toBeVisible();
});
