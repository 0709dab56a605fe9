import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { hostSubmits, mailTo, openAsAdmin, toast, unique } from "./fixtures";

test.describe.configure({ timeout: 90_000 });

const widths = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

/** The sidebar's link to the queue (on phones, behind the menu button). */
async function queueLink(page: Page, phone: boolean, name: string | RegExp) {
  if (phone) await page.getByRole("button", { name: "Open navigation" }).click();
  return page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name });
}

for (const { name, viewport } of widths) {
  test(`an admin opens Pending review from the sidebar, declines a submission with feedback, and it leaves the queue (${name})`, async ({
    page,
  }) => {
    const phone = name === "phone";
    await page.setViewportSize(viewport);
    await openAsAdmin(page, "/admin");
    const title = unique("Night Rain");
    const { host, headers } = await hostSubmits(page, [title], "paid");
    await page.reload();

    // The sidebar counts what waits; the dashboard says so too.
    await expect(page.getByText(/submissions? waiting for review$/)).toBeVisible();
    const queue = await queueLink(page, phone, /^Pending review \(\d+\)$/);
    await expect(queue).toBeVisible();
    const waiting = Number((await queue.textContent())?.match(/\((\d+)\)/)?.[1]);
    expect(waiting).toBeGreaterThan(0);
    await expect(page.getByText(new RegExp(`^${waiting} submissions? waiting for review$`))).toBeVisible();

    await queue.click();
    await expect(page).toHaveURL(/\/admin\/contentPage\?reviewState=pending$/);
    await expect(page.getByRole("combobox", { name: "Review state" })).toHaveValue("Pending review");
    await expect(page.getByRole("status")).toHaveCount(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`queue-${name}.png`), fullPage: true });

    await page.getByRole("link", { name: `Review ${title}` }).click();
    await expect(page).toHaveURL(/\/admin\/contentPage\/[0-9a-f-]+\/review$/);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    // Its audio plays here (signed for the back office, though the content is paid).
    const audio = page.locator("audio").first();
    const src = await audio.getAttribute("src");
    expect((await page.request.get(src!)).status()).toBe(200);
    await expect(page.getByLabel("Title")).toHaveValue(title);
    // What the server measured, the transcript's absence, and the history so far.
    await expect(page.getByRole("heading", { name: "Measured from the audio" })).toBeVisible();
    await expect(page.getByText("No transcript")).toBeVisible();
    await expect(page.getByRole("region", { name: "History" }).getByText("Submitted")).toBeVisible();
    await expect(page.getByRole("status")).toHaveCount(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`review-${name}.png`), fullPage: true });

    // Declining asks for feedback first.
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page.getByText("Write feedback for the uploader")).toBeVisible();
    const feedback = "The rain drowns the voice: please lower it and send it again.";
    await page.getByLabel("Feedback to the uploader").fill(feedback);
    await page.getByRole("button", { name: "Decline" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Decline" }).click();
    await expect(toast(page, "Content declined")).toBeVisible();

    // Back in the queue, without it; the count went down.
    await expect(page).toHaveURL(/\/admin\/contentPage\?reviewState=pending$/);
    await expect(page.getByRole("link", { name: `Review ${title}` })).toHaveCount(0);
    await expect(await queueLink(page, phone, `Pending review (${waiting - 1})`)).toBeVisible();

    // The host sees the decision and the feedback in the app, and got it by e-mail.
    const mine = await page.request.get("/api/v1/app/host/resources", { headers });
    const item = (
      (await mine.json()) as { data: { title: string; reviewState: string; feedback: string }[] }
    ).data.find((r) => r.title === title);
    expect(item).toMatchObject({ reviewState: "declined", feedback });
    await expect
      .poll(async () =>
        (await mailTo(host.email)).some((m) => m.text.includes(feedback) && m.text.includes(title)),
      )
      .toBe(true);
  });
}
