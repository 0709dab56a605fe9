import { createHmac } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { handle, hostSubmits, mailTo, openAsAdmin, toast, unique } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

/** RFC 6238 TOTP (HMAC-SHA1, 30-second steps, 6 digits), written here apart from the server's. */
function totp(secretBase32: string, atMs = Date.now()) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secretBase32) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** The invitation's set-password link e-mailed to `email`. */
async function invitationLink(email: string) {
  let link = "";
  await expect
    .poll(async () => {
      const mail = (await mailTo(email)).find((m) => m.text.includes("Serene back office"));
      link = mail?.text.match(/https?:\/\/\S+\/md-login\/set-password\?token=[\w-]+/)?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  return link;
}

async function expectNoAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

/** Invites from the Admins page (signed in as the first admin). */
async function invite(page: Page, email: string, role: "Admin" | "Editor") {
  const form = page.getByRole("form", { name: "Invite an admin or editor" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: new RegExp(`^${role}:`) }).click();
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(page, `Invitation sent to ${email}`)).toBeVisible();
}

/** Follows the invitation link and sets the password: that signs in (no sign-in form after). */
async function acceptInvitation(page: Page, email: string, password: string) {
  await page.goto(await invitationLink(email));
  await expect(page.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await page.waitForURL(/\/admin$/);
  await expect(page.getByRole("button", { name: /^Account menu/ })).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Logout" }).click();
  await page.waitForURL(/\/md-login$/);
}

test("an editor invited by e-mail sees only the editor's back office", async ({ page }) => {
  const email = `${handle("editor")}@example.com`;
  await openAsAdmin(page, "/admin/admins");
  await expect(page.getByRole("heading", { name: "Invite by e-mail" })).toBeVisible();
  await invite(page, email, "Editor");
  const row = page.getByRole("row", { name: new RegExp(email) });
  await expect(row.getByText("Invitation sent")).toBeVisible();
  await expectNoAxeViolations(page);
  // Two hosts' submissions for the editor to review.
  const tag = unique("Editor review").replace(/\s+/g, "-");
  await hostSubmits(page, [`${tag} 1`, `${tag} 2`]);
  await signOut(page);

  await acceptInvitation(page, email, "editors-own-password");
  await page.waitForURL(/\/admin$/);
  const nav = page.getByRole("navigation", { name: "Admin" });
  // Retried until the sidebar is drawn with the editor's role known.
  await expect(nav.getByRole("list").getByRole("link")).toHaveText([
    "Dashboard",
    "Contents",
    /^Pending review( \(\d+\))?$/,
    "Interests",
    "Series",
    "Manage App",
    "Profile",
    "Settings",
  ]);
  // Their contents are their own: the form shows them as the uploader instead of searching users.
  await nav.getByRole("link", { name: "Contents", exact: true }).click();
  await expect(page.getByRole("heading", { name: /^All Contents/ })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Create Content" }).click();
  const form = page.getByRole("dialog", { name: "Create Content" });
  await expect(form.getByRole("textbox", { name: "User" })).toHaveValue(email);
  await expect(form.getByRole("textbox", { name: "User" })).toHaveAttribute("readonly", "");
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();

  // The editor runs the review in bulk and deletes and takes back a content, and the server
  // refuses none of it (no 403 answer); the export, an admin's, is not offered.
  const refused: string[] = [];
  const onResponse = (response: { status(): number; url(): string }) => {
    if (response.status() === 403) refused.push(response.url());
  };
  page.on("response", onResponse);
  await page.goto(`/admin/contentPage?q=${encodeURIComponent(tag)}&sort=title`);
  await expect(page.getByText(`${tag} 2`, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
  await page.getByRole("checkbox", { name: `Select ${tag} 1` }).check();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Publish 1 content?" })
    .getByRole("button", { name: "Publish 1 content" })
    .click();
  await expect(toast(page, "1 content published")).toBeVisible();
  await page.getByRole("checkbox", { name: `Select ${tag} 2` }).check();
  await page.getByRole("button", { name: "Decline", exact: true }).click();
  const decline = page.getByRole("dialog", { name: "Decline 1 content?" });
  await decline.getByLabel("Feedback for the uploaders (required)").fill("Please trim the silence first.");
  await decline.getByRole("button", { name: "Decline 1 content" }).click();
  await expect(toast(page, "1 content declined")).toBeVisible();
  await page.getByRole("button", { name: `Delete ${tag} 1` }).click();
  await page
    .getByRole("dialog", { name: `Delete “${tag} 1”` })
    .getByRole("button", { name: "Delete" })
    .click();
  const deleted = toast(page, "Content Deleted");
  await expect(page.getByText(`${tag} 1`, { exact: true })).toHaveCount(0);
  await deleted.getByRole("button", { name: "Undo" }).click();
  await expect(toast(page, "1 content restored")).toBeVisible();
  await expect(page.getByText(`${tag} 1`, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("editor-contents-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("editor-contents-phone.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  // The broadcast names how many users it reaches, an editor's too.
  await nav.getByRole("link", { name: "Dashboard" }).click();
  await page.getByRole("button", { name: "Broadcast" }).click();
  const broadcast = page.getByRole("dialog", { name: "Broadcast" });
  await expect(broadcast).toContainText(/All users \d+/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("editor-broadcast.png") });
  await page.keyboard.press("Escape");
  await expect(broadcast).toBeHidden();
  page.off("response", onResponse);
  expect(refused).toEqual([]);
  // Their bell holds the review queue's alerts; the support messages are the admins'.
  await expect(page.getByRole("button", { name: /^Notifications/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Messages/ })).toHaveCount(0);
  // Their account menu does not offer the admins' activity log either.
  await page.getByRole("button", { name: /^Account menu/ }).click();
  await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Activity Log" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  // An admin's page opened by its address says so.
  await page.goto("/admin/users");
  await expect(page.getByText("This page is for admins")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("an admin turns on two-factor sign-in, signs out, and signs in with the app's code", async ({
  page,
}) => {
  const email = `${handle("second-admin")}@example.com`;
  const password = "second-admins-password";
  await openAsAdmin(page, "/admin/admins");
  await invite(page, email, "Admin");
  await signOut(page);
  await acceptInvitation(page, email, password);
  await page.waitForURL(/\/admin$/);

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Profile" }).click();
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code of the authenticator set-up" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await expectNoAxeViolations(page);
  await page.getByLabel("Code from the app").fill(totp(secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("Two-factor sign-in is on")).toBeVisible();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "I saved them" }).click();
  await signOut(page);

  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // No session yet: the code is asked for.
  await expect(page.getByLabel("Sign-in code")).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage))).not.toContain("md-token");
  await expectNoAxeViolations(page);
  await page.getByLabel("Sign-in code").fill("000000");
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(
    page.getByText("That code is not right: enter the current code of your app, or an unused recovery code."),
  ).toBeVisible();
  // The next step's code: the set-up already used this step's (a code works once).
  await page.getByLabel("Sign-in code").fill(totp(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await page.waitForURL(/\/admin$/);
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Admins" }),
  ).toBeVisible();
});
