import { expect, type Page, test } from "@playwright/test";
import { ADMIN_EMAIL, chooseFile, createContent, openAsAdmin, selectOption, toast, unique } from "./fixtures";

/** Marks the page so a test can tell it was not reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  return async () => expect(await page.evaluate(() => "notReloaded" in window)).toBe(true);
}

test("an admin creates, edits and deletes an interest", async ({ page }) => {
  const name = unique("Calm Mornings");
  const renamed = unique("Quiet Evenings");
  await openAsAdmin(page, "/admin/createInterest");
  await expect(page.getByRole("heading", { level: 2, name: "All Interests" })).toBeVisible();

  await page.getByRole("button", { name: "Create Interest" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Interest" });
  await expect(dialog.getByPlaceholder("Enter Interest e.g Meditation")).toBeVisible();
  await expect(dialog.getByPlaceholder("Position e.g 2")).toBeVisible();

  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Position").fill("3");
  await dialog.getByRole("button", { name: "Save Interest" }).click();
  await expect(toast(page, "Please select interest image file")).toBeVisible();

  await chooseFile(dialog.getByRole("button", { name: "Cover image", exact: true }), "cover.png");
  await expect(dialog.getByRole("img", { name: "Cover image preview" })).toBeVisible();
  await expect(dialog.getByText("Uploaded")).toBeVisible();
  await dialog.getByRole("button", { name: "Save Interest" }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, "Interest created")).toBeVisible();

  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name }) });
  await expect(card).toContainText("Position 3");
  await expect(card).toContainText("0 contents");
  await expect(card.locator("img")).toHaveAttribute("src", /\/media\/image\//);

  await card.getByRole("button", { name: `Edit ${name}` }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Interest" });
  await expect(editDialog.getByLabel("Name")).toHaveValue(name);
  await expect(editDialog.getByLabel("Position")).toHaveValue("3");
  await expect(editDialog.getByRole("img", { name: "Cover image preview" })).toBeVisible();
  await editDialog.getByLabel("Name").fill(renamed);
  await editDialog.getByLabel("Position").fill("4");
  await editDialog.getByRole("button", { name: "Save Interest" }).click();
  await expect(editDialog).toBeHidden();
  await expect(toast(page, "Interest updated")).toBeVisible();

  const renamedCard = page.getByRole("article").filter({ has: page.getByRole("heading", { name: renamed }) });
  await expect(renamedCard).toContainText("Position 4");
  await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(0);

  await renamedCard.getByRole("button", { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete “${renamed}”` });
  await expect(confirm).toContainText(
    "Are you sure you want to delete interest, most content would be lost to it",
  );
  await expect(confirm).toContainText("It holds no contents.");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "User interests deleted")).toBeVisible();
  await expect(renamedCard).toHaveCount(0);
});

test("an admin creates content with real files, plays it, edits it and deletes it", async ({ page }) => {
  test.setTimeout(60_000);
  const interest = unique("Deep Sleep");
  const title = unique("Evening wind-down");
  const newTitle = unique("Night wind-down");

  // The content goes into an interest, created first.
  await openAsAdmin(page, "/admin/createInterest");
  await page.getByRole("button", { name: "Create Interest" }).click();
  const interestDialog = page.getByRole("dialog", { name: "Create Interest" });
  await chooseFile(interestDialog.getByRole("button", { name: "Cover image", exact: true }), "cover.gif");
  await interestDialog.getByLabel("Name").fill(interest);
  await interestDialog.getByLabel("Position").fill("1");
  await interestDialog.getByRole("button", { name: "Save Interest" }).click();
  await expect(interestDialog).toBeHidden();

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Contents" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /^All Contents \(\d+\)$/ })).toBeVisible();

  await page.getByRole("button", { name: "Create Content" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Content" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Create Content" }).click();
  await expect(toast(page, "Please select your image and audio file")).toBeVisible();

  await chooseFile(dialog.getByRole("button", { name: "Cover image", exact: true }), "cover.jpg");
  await chooseFile(dialog.getByRole("button", { name: "Audio", exact: true }), "tone.mp3");
  await expect(dialog.getByRole("img", { name: "Cover image preview" })).toBeVisible();
  await expect(dialog.getByRole("progressbar", { name: "Audio upload" })).toBeVisible();
  // The 2-second mp3's length, read by the server, fills Duration.
  await expect(dialog.getByLabel("Duration")).toHaveValue("0:02");

  await dialog.getByLabel("Description").fill("Slow breathing before sleep.");
  await selectOption(page, dialog.getByRole("combobox", { name: "Interest" }), interest, interest);
  await selectOption(page, dialog.getByRole("combobox", { name: "User" }), ADMIN_EMAIL, "admin@");
  await selectOption(page, dialog.getByRole("combobox", { name: "Mood" }), "Sad");
  await dialog.getByRole("radio", { name: "Paid" }).check();
  await dialog.getByRole("button", { name: "Create Content" }).click();

  await expect(toast(page, "Content Uploaded Successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/contentPage$/);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText(interest);
  await expect(row).toContainText("Sad");
  await expect(row).toContainText("0:02");
  await expect(row).toContainText("Paid");

  // The row's play button plays it in the list's one player (a click: a user gesture, no autoplay flag).
  await row.getByRole("button", { name: `Play ${title}` }).click();
  const player = page.getByRole("region", { name: "Now playing" });
  await expect(player).toContainText(title);
  const audio = player.locator("audio");
  // Playing: its time advances (the 2-second tone may have played to its end by the next look).
  await expect
    .poll(() =>
      audio.evaluate(
        (element: HTMLAudioElement) => element.currentTime > 0 && (!element.paused || element.ended),
      ),
    )
    .toBe(true);
  await page.screenshot({ path: test.info().outputPath("contents-1280.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("contents-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await player.getByRole("button", { name: "Close the player" }).click();
  await expect(player).toBeHidden();

  // Its listening figures: nobody has listened through the app yet.
  await row.getByRole("button", { name: `Listening figures of ${title}` }).click();
  const figures = page.getByRole("dialog", { name: `Listening: ${title}` });
  await expect(figures.getByRole("group", { name: "Counted plays" })).toContainText("0");
  await expect(figures.getByRole("group", { name: "Completion rate" })).toContainText("—");
  await expect(figures.getByRole("group", { name: "Mood lift" })).toContainText(
    "no session with a mood before and after",
  );
  await figures.getByRole("button", { name: "Close" }).click();
  await expect(figures).toBeHidden();

  const notReloaded = await markPage(page);
  await row.getByRole("button", { name: `Edit ${title}` }).click();
  const editDialog = page.getByRole("dialog", { name: "Update Content" });
  await expect(editDialog.getByLabel("Title")).toHaveValue(title);
  await expect(editDialog.getByLabel("Description")).toHaveValue("Slow breathing before sleep.");
  await expect(editDialog.getByLabel("Duration")).toHaveValue("0:02");
  await expect(editDialog.getByRole("combobox", { name: "Interest" })).toHaveValue(interest);
  await expect(editDialog.getByRole("combobox", { name: "User" })).toHaveValue(ADMIN_EMAIL);
  await expect(editDialog.getByRole("combobox", { name: "Mood" })).toHaveValue("Sad");
  await expect(editDialog.getByRole("radio", { name: "Paid" })).toBeChecked();
  await expect(editDialog.getByRole("img", { name: "Cover image preview" })).toHaveAttribute(
    "src",
    /\/media\/image\//,
  );
  await expect(editDialog.locator("audio")).toHaveAttribute("src", /\/media\/audio\//);

  await editDialog.getByLabel("Title").fill(newTitle);
  await editDialog.getByRole("button", { name: "Update Content" }).click();
  await expect(toast(page, `${newTitle} Updated Successfully`)).toBeVisible();
  await expect(editDialog).toBeHidden();
  const updatedRow = page.getByRole("row").filter({ hasText: newTitle });
  await expect(updatedRow).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
  await notReloaded();

  await updatedRow.getByRole("button", { name: `Delete ${newTitle}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete “${newTitle}”` });
  await expect(confirm).toContainText("Are you sure you want to delete this content");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Content Deleted")).toBeVisible();
  await expect(updatedRow).toHaveCount(0);
});

test("search and filters are applied by the server and kept in the URL", async ({ page }) => {
  const tag = unique("Filtered");
  await openAsAdmin(page, "/admin/contentPage");
  await createContent(page, { title: `${tag} Rainfall`, moodType: "sad", paymentType: "free" });
  await createContent(page, { title: `${tag} Sunrise`, moodType: "happy", paymentType: "paid" });
  await page.reload();

  const heading = page.getByRole("heading", { level: 2, name: /^All Contents \(\d+\)$/ });
  const allContents = Number((await heading.textContent())!.replace(/\D/g, ""));
  const rows = page.getByRole("row").filter({ hasText: tag });

  await page.getByRole("searchbox", { name: "Search contents by title" }).fill(tag);
  await expect(page).toHaveURL(/[?&]q=Filtered/);
  await expect(rows).toHaveCount(2);

  await selectOption(page, page.getByRole("combobox", { name: "Mood" }), "Happy");
  await expect(page).toHaveURL(/[?&]mood=happy/);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Sunrise");
  // The heading counts what the filter shows, of every content.
  await expect(page.getByRole("heading", { level: 2, name: /^Contents:/ })).toHaveText(
    `Contents: 1 of ${allContents} contents`,
  );

  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search contents by title" })).toHaveValue(tag);
  await expect(page.getByRole("combobox", { name: "Mood" })).toHaveValue("Happy");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Sunrise");

  await selectOption(page, page.getByRole("combobox", { name: "Payment type" }), "Free");
  await expect(page.getByText("No content matches these filters")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/admin\/contentPage$/);
  await expect(page.getByRole("searchbox", { name: "Search contents by title" })).toHaveValue("");
  await expect(rows).toHaveCount(2);
});
