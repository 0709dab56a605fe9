import { expect, type Page, test } from "@playwright/test";
import { TOKEN_STORAGE_KEY } from "@serene/contract";
import { signIn } from "./fixtures";

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
