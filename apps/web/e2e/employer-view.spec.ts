import { expect, test } from "@playwright/test";
import { expectAxeClean, handle, verifiedListener } from "./fixtures";
import { buyCodes } from "./listen-fixtures";

// The listener is told what their employer sees (BUSINESS-API.md's last rule): the redeem
// success links the page, the page says it in plain words, the privacy policy links it too.
test("a listener who redeems a seat is shown what their employer sees, and never sees", async ({ page }) => {
  test.setTimeout(60_000);
  const [link] = await buyCodes(page, 5);
  // A verified listener, signed in in the page (redeeming needs a verified address).
  const username = handle("employee");
  await verifiedListener(page.request, `${username}@listen.example`, username);
  // Past the first visit's mood and interests questions (the app's own mark for it).
  await page.addInitScript(() => localStorage.setItem("serene-listen-onboarded", "1"));
  await page.goto(link!);
  await page.getByRole("button", { name: "Use this code" }).click();
  const success = page.getByRole("status");
  await expect(success).toContainText("Premium is unlocked");
  await expect(success).toContainText("never what you listen to, your moods or your times");
  await success.getByRole("link", { name: "What your employer sees" }).click();

  await expect(page).toHaveURL(/\/listen\/account\/employer$/);
  await expect(page.getByRole("heading", { level: 1, name: "What your employer sees" })).toBeVisible();
  const sees = page.getByRole("region", { name: "Your employer sees" });
  await expect(sees).toContainText("that a seat is redeemed");
  await expect(sees).toContainText("by which e-mail address");
  const never = page.getByRole("region", { name: "Your employer never sees" });
  await expect(never).toContainText("what you listen to");
  await expect(never).toContainText("your moods");
  await expect(never).toContainText("your times");
  await expectAxeClean(page);
  await page.screenshot({ path: "test-results/employer-view/employer-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAxeClean(page);
  await page.screenshot({ path: "test-results/employer-view/employer-390.png", fullPage: true });

  await page.goto("/privacy-policy");
  await page.getByRole("link", { name: "what your employer sees" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "What your employer sees" })).toBeVisible();
});
