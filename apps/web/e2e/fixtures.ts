import type { Page } from "@playwright/test";

/** The first admin, created at start by the server the e2e run launches (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN_EMAIL = "admin@serene.test";
export const ADMIN_PASSWORD = "correct-horse-battery";

/** Fills and sends the sign-in form of /md-login (the page must be open). */
export async function signIn(page: Page, password = ADMIN_PASSWORD) {
  await page.getByLabel("Email", { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs in as the admin and opens `path` in the back office. */
export async function openAsAdmin(page: Page, path: string) {
  await page.goto("/md-login");
  await signIn(page);
  await page.waitForURL(/\/admin$/);
  await page.goto(path);
}
