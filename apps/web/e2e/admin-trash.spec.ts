import { expect, test } from "@playwright/test";
import {
  adminHeaders,
  createContent,
  createUser,
  expectAxeClean,
  handle,
  openAsAdmin,
  toast,
  unique,
} from "./fixtures";

const widths = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

test("a deleted content comes back with the toast's Undo", async ({ page }) => {
  await page.setViewportSize(widths[0].viewport);
  await openAsAdmin(page, "/admin");
  const title = unique("Undo me");
  await createContent(page, { title, moodType: "happy", paymentType: "free" });

  await page.goto(`/admin/contentPage?q=${encodeURIComponent(title)}`);
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await page
    .getByRole("dialog", { name: `Delete “${title}”` })
    .getByRole("button", { name: "Delete" })
    .click();
  const deleted = toast(page, "Content Deleted");
  await expect(deleted).toBeVisible();
  await expect(page.getByText(title, { exact: true })).toHaveCount(0);

  await deleted.getByRole("button", { name: "Undo" }).click();
  await expect(toast(page, "1 content restored")).toBeVisible();
  await expect(page.getByText(title, { exact: true })).toBeVisible();
});

for (const { name, viewport } of widths) {
  test(`a deleted user is found in Trash and restored (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openAsAdmin(page, "/admin");
    const user = await createUser(page, handle("trashed"));

    await page.goto(`/admin/users?q=${encodeURIComponent(user.username)}`);
    await page
      .getByRole("button", { name: `Actions for ${user.username}`, exact: true })
      .first()
      .click();
    await page.getByRole("menuitem", { name: "Delete Profile" }).click();
    const confirm = page.getByRole("dialog", { name: `Delete ${user.username}` });
    await expect(confirm).toContainText("Restore them from Trash within 30 days");
    await confirm.getByRole("button", { name: "Delete Profile" }).click();
    await expect(toast(page, "User Deleted")).toBeVisible();
    await expect(page.getByText("No user matches this search")).toBeVisible();

    // The sidebar's entry (on phones, behind the menu button).
    if (name === "phone") await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("link", { name: "Trash", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/trash/);
    await expect(page.getByRole("heading", { name: /All deleted items/ })).toBeVisible();
    await expect(page.getByText(user.email).first()).toBeVisible();
    await expect(page.getByText("29 days left").first()).toBeVisible();
    await expectAxeClean(page);
    await page.screenshot({ path: test.info().outputPath(`trash-${name}.png`), fullPage: true });

    await page.getByRole("button", { name: `Restore ${user.username}` }).click();
    await expect(toast(page, "1 user restored")).toBeVisible();
    await expect(page.getByText(user.email)).toHaveCount(0);

    await page.goto(`/admin/users?q=${encodeURIComponent(user.username)}`);
    await expect(page.getByText(user.email).first()).toBeVisible();
  });
}

test("bulk delete forever from Trash names the count", async ({ page }) => {
  await page.setViewportSize(widths[0].viewport);
  await openAsAdmin(page, "/admin");
  const tag = unique("Forever").replace(/\s+/g, "-");
  for (const n of [1, 2]) {
    const id = await createContent(page, { title: `${tag} ${n}`, moodType: "sad", paymentType: "free" });
    await page.request.post("/api/v1/user/resources/delete", {
      headers: await adminHeaders(page),
      data: { id },
    });
  }
  await page.goto(`/admin/trash?q=${encodeURIComponent(tag)}`);
  await page.getByRole("checkbox", { name: `Select ${tag} 1` }).check();
  await page.getByRole("checkbox", { name: `Select ${tag} 2` }).check();
  await page.getByRole("button", { name: "Delete forever", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Delete forever 2 items?" });
  await dialog.getByRole("button", { name: "Delete forever 2 items" }).click();
  await expect(toast(page, "2 contents deleted forever")).toBeVisible();
  await expect(page.getByText("Nothing in the trash matches these filters")).toBeVisible();
});
