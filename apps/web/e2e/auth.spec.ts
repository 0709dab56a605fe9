import { expect, type Page, test } from "@playwright/test";
import { TOKEN_STORAGE_KEY } from "@serene/contract";
import { adminHeaders, expectAxeClean, handle, mailMatch, openAsAdmin, signIn } from "./fixtures";

function storedToken(page: Page) {
  return page.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY);
}

test("an admin signs in, sees the back office and signs out", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/md-login$/);
  await expect(page.getByRole("heading", { name: "Admin sign in" })).toBeVisible();

  await signIn(page, "not-the-password");
  await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  await expect(page).toHaveURL(/\/md-login$/);
  expect(await storedToken(page)).toBeNull();

  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  const sidebar = page.getByRole("navigation", { name: "Admin" });
  await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expect(sidebar.getByRole("link", { name: "Contents" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  expect(await storedToken(page)).toBeTruthy();

  await page.getByRole("button", { name: /^Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Are you sure you want to logout?");
  await dialog.getByRole("button", { name: "Logout" }).click();

  await expect(page).toHaveURL(/\/md-login$/);
  expect(await storedToken(page)).toBeNull();

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/md-login$/);
});

test("an unknown page shows the not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();
  // Still there once the browser has taken over the page.
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

test("staff reset a forgotten password on the back office's own pages", async ({ page }) => {
  test.setTimeout(60_000);
  // An editor (invited, so the admin's own password stays as the other journeys need it).
  const email = `${handle("forgetful")}@example.com`;
  await openAsAdmin(page, "/admin");
  const invited = await page.request.post("/api/v1/user/admins", {
    headers: await adminHeaders(page),
    data: { email, role: "editor" },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  await page.evaluate(() => window.localStorage.clear());

  await page.goto("/md-login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/md-login\/forgot$/);
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await expectAxeClean(page);
  await page.screenshot({ path: test.info().outputPath("forgot-1280.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("forgot-390.png") });
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText(`If an account uses ${email}`);

  // A staff account's e-mail opens the back office's reset page, not the listener app's.
  const [link] = await mailMatch(email, /https?:\/\/\S+\/md-login\/reset\?token=[\w-]+/);
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password").fill("editors-new-password");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("Your new password is set")).toBeVisible();
  await page.getByRole("link", { name: "Go to sign in" }).click();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("editors-new-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
