import fs from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { adminHeaders, handle, mailTo, openAsAdmin, toast, unique } from "./fixtures";

const widths = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

async function axeClean(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${what}: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
}

for (const { name, viewport } of widths) {
  test(`support inbox: reply (e-mailed, kept in the thread), assign, close and reopen (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openAsAdmin(page, "/admin");
    const subject = unique("Lost my streak");
    const sender = { fullName: "Noor Haddad", email: `${handle("noor")}@example.com` };
    const sent = await page.request.post("/api/v1/user/support", {
      data: { ...sender, subject, message: "Hello,\nmy streak went back to zero yesterday." },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    // An editor of the back office: never offered as an assignee (they cannot open the inbox).
    const editorEmail = `${handle("support-editor")}@example.com`;
    const invited = await page.request.post("/api/v1/user/admins", {
      headers: await adminHeaders(page),
      data: { email: editorEmail, role: "editor" },
    });
    expect(invited.ok(), await invited.text()).toBe(true);

    await page.goto(`/admin/support?q=${encodeURIComponent(subject)}`);
    // Export CSV: the list as filtered, from the server's stream.
    const exportLink = page.getByRole("link", { name: "Export CSV" });
    await expect(exportLink).toHaveAttribute(
      "href",
      `/api/v1/user/support-messages/export?q=${encodeURIComponent(subject).replace(/%20/g, "+")}`,
    );
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    const csv = await fs.readFile((await download.path())!, "utf8");
    expect(csv.trimEnd().split("\r\n")).toHaveLength(2);
    expect(csv).toContain(sender.email);
    await page.getByRole("button", { name: `Open “${subject}” from ${sender.fullName}` }).click();
    const dialog = page.getByRole("dialog", { name: subject });
    await expect(dialog.getByRole("heading", { name: "No reply yet" })).toBeVisible();

    const first = "Hello Noor,\n\nyour streak is back: the missing day is counted again.";
    await dialog.getByRole("textbox", { name: "Your reply" }).fill(first);
    await dialog.getByRole("button", { name: "Send reply" }).click();
    await expect(toast(page, "Reply sent")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Your reply" }).fill("Anything else we can do?");
    await dialog.getByRole("button", { name: "Send reply" }).click();
    // The thread, newest last.
    await expect(dialog.getByRole("heading", { name: "Replies (2)" })).toBeVisible();
    const replies = dialog.getByRole("listitem");
    await expect(replies.first()).toContainText("your streak is back");
    await expect(replies.last()).toContainText("Anything else we can do?");

    // The sender gets the reply by e-mail.
    await expect
      .poll(
        async () => (await mailTo(sender.email)).filter((m) => m.text.includes("your streak is back")).length,
      )
      .toBe(1);

    // Assign to the signed-in admin (the admins only are offered), then close and reopen.
    await dialog.getByRole("combobox", { name: "Assigned to" }).click();
    await expect(page.getByRole("option", { name: /admin@serene\.test/ })).toBeVisible();
    await expect(
      page.getByRole("option", { name: new RegExp(editorEmail.replace(/\./g, "\\.")) }),
    ).toHaveCount(0);
    await page.getByRole("option", { name: /admin@serene\.test/ }).click();
    await expect(toast(page, "Assignee saved")).toBeVisible();
    await dialog.getByRole("button", { name: "Close message" }).click();
    await expect(dialog.getByText("Closed", { exact: true })).toBeVisible();
    await axeClean(page, `support thread ${name}`);
    await page.screenshot({ path: `test-results/support-thread-${name}.png`, fullPage: false });
    await dialog.getByRole("button", { name: "Reopen" }).click();
    await expect(dialog.getByText("Open", { exact: true })).toBeVisible();
  });
}
