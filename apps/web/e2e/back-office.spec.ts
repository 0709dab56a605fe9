import fs from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminHeaders,
  chooseFile,
  createContent,
  createUser,
  handle,
  listTotal,
  mailTo,
  openAsAdmin,
  requestToHost,
  selectOption,
  toast,
  unique,
} from "./fixtures";

// Each journey walks through many screens and uploads real files: more than the default 30 s on a
// busy machine.
test.describe.configure({ timeout: 90_000 });

/** The first menu row action, opened from a row's "Actions for …" button. */
async function rowAction(page: Page, name: string, item: string) {
  await page
    .getByRole("button", { name: `Actions for ${name}`, exact: true })
    .first()
    .click();
  await page.getByRole("menuitem", { name: item }).click();
}

test("an admin creates a user with a picture, edits, messages, makes a host and deletes them", async ({
  page,
}) => {
  const username = handle("Ada");
  const email = `${username}@example.com`;
  await openAsAdmin(page, "/admin/users");
  const heading = page.getByRole("heading", { level: 2, name: /^Users Table \(\d+\)$/ });
  await expect(heading).toBeVisible();
  const before = await listTotal(page, "/api/v1/user/users?limit=1");
  await expect(heading).toHaveText(`Users Table (${before})`);

  await page.getByRole("button", { name: "Create User" }).click();
  const dialog = page.getByRole("dialog", { name: "Create User" });
  await dialog.getByLabel("Username").fill(username);
  await expect(dialog.getByLabel("Email")).toHaveAttribute("type", "email");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("textbox", { name: "Password", exact: true }).fill("password-1234");
  await selectOption(page, dialog.getByRole("combobox", { name: "Mood" }), "Happy");
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(toast(page, "Please select your image file")).toBeVisible();

  await chooseFile(dialog.getByRole("button", { name: "Cover image", exact: true }), "cover.jpg");
  await expect(dialog.getByRole("img", { name: "Cover image preview" })).toBeVisible();
  await expect(dialog.getByText("Uploaded")).toBeVisible();
  // Hold the answer back a moment to see the busy label.
  await page.route("**/api/v1/user/register", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(dialog.getByRole("button", { name: "Uploading Data..." })).toBeDisabled();
  await expect(toast(page, "User Created Successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.unroute("**/api/v1/user/register");
  await expect(heading).toHaveText(`Users Table (${before + 1})`);

  // The same e-mail again: the server refuses it, and the field says why.
  await page.getByRole("button", { name: "Create User" }).click();
  await dialog.getByLabel("Username").fill(`${username}2`);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("textbox", { name: "Password", exact: true }).fill("password-1234");
  await selectOption(page, dialog.getByRole("combobox", { name: "Mood" }), "Sad");
  await chooseFile(dialog.getByRole("button", { name: "Cover image", exact: true }), "cover.png");
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(dialog.getByText("This e-mail is already used by another account")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The server searches; the search is kept in the URL.
  await page.getByRole("searchbox", { name: "Search users by username or e-mail" }).fill(username);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${username.replace(".", "\\.")}`));
  const rows = page.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: email });
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  const today = await page.evaluate(() => new Date().toLocaleDateString("en-US"));
  await expect(row).toContainText("Happy");
  await expect(row).toContainText("Free Mode");
  await expect(row).toContainText(today);
  await expect(row.locator("img")).toHaveAttribute("src", /\/media\/image\//);

  // A user the back office creates is invited by e-mail to choose a password (which verifies the
  // address); the list says so until they do, and the invitation can be sent again.
  await expect(row).toContainText("Invited");
  await expect.poll(async () => (await mailTo(email)).length).toBe(1);
  await rowAction(page, username, "Resend invitation");
  await expect(toast(page, `Invitation sent again to ${email}`)).toBeVisible();
  await expect.poll(async () => (await mailTo(email)).length).toBe(2);
  const invitation = (await mailTo(email)).at(-1)!;
  expect(invitation.text).toContain("Choose my password");
  // Its link chooses the password and signs the listener in, in their own browser.
  const link = invitation.text.match(/https?:\/\/\S+\/listen\/reset\?token=[\w-]+/)![0];
  const theirs = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(link).origin });
  const listener = await theirs.newPage();
  await listener.goto(link);
  await listener.getByLabel("New password").fill("invited-listener-password");
  await listener.getByRole("button", { name: "Save the new password" }).click();
  await expect(listener).toHaveURL(/\/listen$/);
  await listener.goto("/listen/account");
  await expect(listener.getByText(email)).toBeVisible();
  await theirs.close();

  // Edit Profile
  const renamed = `${username}.edited`;
  await rowAction(page, username, "Edit Profile");
  const edit = page.getByRole("dialog", { name: "Edit User Profile" });
  await expect(edit.getByLabel("Email")).toHaveValue(email);
  await expect(edit.getByLabel("Username")).toHaveValue(username);
  await edit.getByLabel("Username").fill(renamed);
  await selectOption(page, edit.getByRole("combobox", { name: "Mood" }), "Sad");
  await edit.getByLabel("Experience").fill("Beginner");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Profile updated")).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(renamed);
  await expect(row).toContainText("Sad");

  // Send Message, with its live counter
  await rowAction(page, renamed, "Send Message");
  const message = page.getByRole("dialog", { name: "Send Message" });
  await expect(message).toContainText("0/1000");
  await message.getByRole("textbox", { name: "Message", exact: true }).fill("Welcome to Serene!");
  await expect(message).toContainText("18/1000");
  await message.getByRole("button", { name: "Send" }).click();
  await expect(toast(page, `Message sent to ${renamed}`)).toBeVisible();
  await expect(message).toBeHidden();

  // Make a host
  await rowAction(page, renamed, "Make a host");
  const confirmHost = page.getByRole("dialog", { name: `Make ${renamed} a host` });
  await confirmHost.getByRole("button", { name: "Make a host" }).click();
  await expect(toast(page, "User is now a host")).toBeVisible();
  await expect(row).toContainText("Host");
  await page.getByRole("button", { name: `Actions for ${renamed}` }).click();
  await expect(page.getByRole("menuitem", { name: "Already a host" })).toBeDisabled();
  await page.keyboard.press("Escape");

  // Delete Profile
  await rowAction(page, renamed, "Delete Profile");
  const confirmDelete = page.getByRole("dialog", { name: `Delete ${renamed}` });
  await expect(confirmDelete).toContainText("Are you sure you want to delete this profile");
  await confirmDelete.getByRole("button", { name: "Delete Profile" }).click();
  await expect(toast(page, "User Deleted")).toBeVisible();
  await expect(page.getByText("No user matches this search")).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(heading).toHaveText(`Users Table (${before})`);
});

test("an admin approves one host request and declines another", async ({ page }) => {
  await openAsAdmin(page, "/admin/hostrequest");
  const ana = await createUser(page, handle("ana"));
  const ben = await createUser(page, handle("ben"));
  await requestToHost(page, ana, "I teach mindful breathing at my studio every week.");
  await requestToHost(page, ben, "I would like to record bedtime stories for children.");
  const hosts = await listTotal(page, "/api/v1/user/hosts?limit=1");
  await page.reload();

  const heading = page.getByRole("heading", { level: 2, name: /^Hosts \(\d+\)$/ });
  await expect(heading).toHaveText(`Hosts (${hosts})`);
  const panel = page.getByRole("table", { name: "Host requests" });
  // The requests waiting for a decision come before the hosts.
  expect(
    await panel.evaluate(
      (region, list) => Boolean(region.compareDocumentPosition(list!) & Node.DOCUMENT_POSITION_FOLLOWING),
      await heading.elementHandle(),
    ),
  ).toBe(true);
  const anaRequest = panel.getByRole("row", { name: `Request from ${ana.username}` });
  const benRequest = panel.getByRole("row", { name: `Request from ${ben.username}` });
  await expect(anaRequest).toContainText("I teach mindful breathing at my studio every week.");
  await expect(benRequest).toBeVisible();

  // The bell lists the new requests; opening one marks it read.
  const bell = page.getByRole("button", { name: /^Notifications, \d+ unread$/ });
  const unread = Number((await bell.getAttribute("aria-label"))!.match(/(\d+) unread/)![1]);
  expect(unread).toBeGreaterThanOrEqual(2);
  await bell.click();
  await page.getByRole("menuitem", { name: new RegExp(`${ana.username} asked to become a host`) }).click();
  await expect(page.getByRole("button", { name: `Notifications, ${unread - 1} unread` })).toBeVisible();

  await anaRequest.getByRole("button", { name: `Approve ${ana.username}` }).click();
  await page
    .getByRole("dialog", { name: `Approve ${ana.username}'s request` })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(toast(page, "Host request approved")).toBeVisible();
  await expect(anaRequest).toHaveCount(0);
  await expect(heading).toHaveText(`Hosts (${hosts + 1})`);
  const anaHost = page
    .getByRole("list", { name: "Hosts" })
    .getByRole("listitem")
    .filter({ hasText: ana.email });
  // What the figure is, said on the page: the mood chosen in the app; no unexplained percentage.
  await expect(anaHost.getByText("Mood in the app", { exact: true })).toBeVisible();
  await expect(
    anaHost.getByRole("button", { name: new RegExp(`^Mood in the app of ${ana.username}: `) }),
  ).toBeVisible();
  await expect(anaHost.getByText(/Percentage|0%/)).toHaveCount(0);

  await benRequest.getByRole("button", { name: `Decline ${ben.username}` }).click();
  const declining = page.getByRole("dialog", { name: `Decline ${ben.username}'s request` });
  // The reason goes to Ben (his account page and inbox) and stays on the request.
  await declining.getByLabel("Reason (optional)").fill("We are not taking stories for children yet.");
  await declining.getByRole("button", { name: "Decline" }).click();
  await expect(toast(page, "Host request declined")).toBeVisible();
  await expect(benRequest).toHaveCount(0);
  await expect(heading).toHaveText(`Hosts (${hosts + 1})`);

  await page.getByText("Declined", { exact: true }).click();
  await expect(page).toHaveURL(/state=declined/);
  await expect(benRequest).toContainText("Declined on");
  await expect(benRequest).toContainText("We are not taking stories for children yet.");
  await page.getByText("Approved", { exact: true }).click();
  await expect(anaRequest).toContainText("Approved on");
});

test("an admin sets and deletes the app message, and publishes an app version", async ({ page }) => {
  await openAsAdmin(page, "/admin/app-management");
  const messagePanel = page.getByRole("region", { name: "App message" });
  await expect(messagePanel).toContainText("No app message is set");
  await expect(messagePanel.getByRole("button", { name: "Delete" })).toHaveCount(0);

  const title = unique("Winter sleep series");
  await chooseFile(messagePanel.getByRole("button", { name: "Image", exact: true }), "cover.gif");
  await expect(messagePanel.getByText("Uploaded")).toBeVisible();
  await messagePanel.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await messagePanel.getByRole("radio", { name: "Inactive" }).check();
  await messagePanel
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("Seven new stories for long nights.");
  await expect(messagePanel).toContainText("34/1000");
  await messagePanel.getByRole("button", { name: "Update" }).click();
  // Inactive: saved, not broadcast (the app does not show it).
  await expect(toast(page, "Message saved")).toBeVisible();
  const current = messagePanel.getByRole("group", { name: "Current app message" });
  await expect(current).toContainText(title);
  await expect(current).toContainText("Seven new stories for long nights.");
  await expect(current).toContainText("Inactive");
  await expect(current.locator("img")).toHaveAttribute("src", /\/media\/image\//);

  await messagePanel.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete the app message" });
  await expect(confirm).toContainText("Are you sure you want to stop this message");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Message Deleted")).toBeVisible();
  await expect(messagePanel).toContainText("No app message is set");
  await expect(messagePanel.getByRole("button", { name: "Delete" })).toHaveCount(0);

  const versions = page.getByRole("region", { name: "App Versions" });
  await versions.getByRole("textbox", { name: "V-CODE", exact: true }).fill("250");
  await versions.getByLabel("V-NAME").fill("two point five");
  await selectOption(page, versions.getByRole("combobox", { name: "Device" }), "Android");
  await versions.getByRole("button", { name: "Update" }).click();
  await expect(versions.getByText("V-NAME must look like 1.4.2")).toBeVisible();

  await versions.getByLabel("V-NAME").fill("2.5.0");
  await versions.getByRole("button", { name: "Update" }).click();
  const confirmVersion = page.getByRole("dialog", { name: "Update the Android app" });
  await expect(confirmVersion).toContainText(
    "Are you sure you want to update the Android app to version 2.5.0",
  );
  await confirmVersion.getByRole("button", { name: "Update Android" }).click();
  await expect(toast(page, "Android App Updated")).toBeVisible();
  const android = versions.getByRole("group", { name: "Android version" });
  await expect(android).toContainText("2.5.0");
  await expect(android).toContainText("Version code 250");
  await expect(versions.getByRole("table", { name: "Android versions" })).toContainText("2.5.0");
  await expect(versions.getByRole("group", { name: "iOS version" })).toBeVisible();
});

test("the dashboard shows the real counts, both charts, and broadcasts to every user", async ({ page }) => {
  await openAsAdmin(page, "/admin/users");
  // The staff are listed apart from the app's users.
  await expect(page.getByRole("heading", { level: 2, name: /^Users Table \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(ADMIN_EMAIL);
  await page
    .getByRole("radiogroup", { name: "Accounts to show" })
    .getByText("Staff", { exact: true })
    .click();
  await expect(page).toHaveURL(/[?&]audience=staff/);
  await expect(page.getByRole("heading", { level: 2, name: /^Staff \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Users" })).toContainText(ADMIN_EMAIL);

  // A content of its own, and a play of it reported by an app user.
  const headers = await adminHeaders(page);
  const title = unique("Dashboard check");
  const resourceId = await createContent(page, { title, moodType: "sad", paymentType: "free" });
  const listener = await createUser(page, handle("listener"));
  const login = await page.request.post("/api/v1/auth/login", {
    data: { email: listener.email, password: listener.password },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  // Listened to the end offline, then synced: a counted play (the whole of a short file).
  const content = await page.request.get(`/api/v1/user/resources/${resourceId}`, { headers });
  const seconds = ((await content.json()) as { data: { durationSeconds: number } }).data.durationSeconds;
  expect(seconds).toBeGreaterThan(0);
  // Started after the account was made (a session never predates its listener).
  const startedAt = Date.now();
  const play = await page.request.post("/api/v1/app/sessions/sync", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      sessions: [
        {
          clientId: crypto.randomUUID(),
          resourceId,
          startedAt: new Date(startedAt).toISOString(),
          endedAt: new Date(startedAt + seconds * 1000).toISOString(),
          position: seconds,
          listenedSeconds: seconds,
        },
      ],
    },
  });
  expect(play.ok(), await play.text()).toBe(true);
  expect(((await play.json()) as { data: { accepted: boolean; reason?: string }[] }).data[0]).toEqual({
    clientId: expect.any(String),
    accepted: true,
  });

  const statsAnswer = await page.request.get("/api/v1/user/dashboard-stats", { headers });
  const stats = (
    (await statsAnswer.json()) as {
      data: {
        resources: number;
        users: number;
        staff: number;
        hostRequests: number;
        avgTimeOnAppSeconds: number;
      };
    }
  ).data;
  expect(stats.avgTimeOnAppSeconds).toBeGreaterThan(0);
  const mmss = (s: number) =>
    `${String(Math.floor(Math.round(s) / 60)).padStart(2, "0")}:${String(Math.round(s) % 60).padStart(2, "0")}`;

  // Every part of the dashboard asks for its data at once: no request waits for another's answer.
  const dashboardCalls = [
    "/user/dashboard-stats",
    "/user/users-gained-yearly",
    "/user/resources-per-interest",
    "/user/users?limit=20",
    "/user/top-resources?limit=10",
    "/user/resources?limit=6",
  ];
  const sent = new Map<string, number>();
  let firstAnswer = Number.POSITIVE_INFINITY;
  const callOf = (url: string) => dashboardCalls.find((call) => url.endsWith(call));
  page.on("request", (request) => {
    const call = callOf(request.url());
    if (call && !sent.has(call)) sent.set(call, Date.now());
  });
  page.on("response", (response) => {
    if (callOf(response.url())) firstAnswer = Math.min(firstAnswer, Date.now());
  });
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();

  const card = (name: string) => page.getByRole("group", { name, exact: true });
  await expect(card("Uploaded Resources")).toContainText(String(stats.resources));
  await expect(card("Users")).toContainText(String(stats.users));
  await expect(card("Users")).toContainText(`app users (staff apart: ${stats.staff})`);
  await expect(card("Host request")).toContainText(String(stats.hostRequests));
  await expect(card("Avg. time on app")).toContainText(mmss(stats.avgTimeOnAppSeconds));
  expect([...sent.keys()].sort()).toEqual([...dashboardCalls].sort());
  for (const at of sent.values()) expect(at).toBeLessThanOrEqual(firstAnswer);

  const gained = page.getByRole("figure", { name: "Users Gained" });
  await expect(gained.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(gained.locator("tbody tr")).toHaveCount(12);
  await expect(gained).toContainText("in the last 12 months");
  const perInterest = page.getByRole("figure", { name: "Resources Per Interest" });
  await expect(perInterest.locator(".recharts-pie-sector").first()).toBeVisible();
  await expect(perInterest).toContainText(/\d+ contents? in \d+ interests?/);

  await expect(page.getByRole("table", { name: "Recent Signups" })).toContainText(listener.email);
  await expect(page.getByRole("table", { name: "Recent content" })).toContainText(title);
  await expect(page.getByRole("link", { name: "See all data" })).toHaveAttribute(
    "href",
    "/admin/contentPage",
  );
  await expect(page.getByRole("region", { name: "Top Resources" })).toContainText(title);

  await page.getByRole("button", { name: "Broadcast" }).click();
  const broadcast = page.getByRole("dialog", { name: "Broadcast" });
  await expect(broadcast).toContainText(`All users ${stats.users}`);
  await expect(broadcast).toContainText("0/1000");
  await broadcast.getByLabel("Send message").fill("Hello");
  await expect(broadcast).toContainText("5/1000");
  await broadcast.getByLabel("Send message").pressSequentially(" all");
  await expect(broadcast).toContainText("9/1000");
  // A broadcast needs a title, and is asked again before it goes.
  await broadcast.getByRole("button", { name: "Send" }).click();
  await expect(broadcast.getByText("Enter a title")).toBeVisible();
  await broadcast.getByRole("textbox", { name: "Title" }).fill("News");
  await broadcast.getByRole("button", { name: "Send" }).click();
  const sure = page.getByRole("dialog", { name: "Send to all users" });
  await expect(sure).toContainText(`Send this message to all ${stats.users} users?`);
  await sure.getByRole("button", { name: "Send to all users" }).click();
  await expect(toast(page, `Message sent to all ${stats.users} users`)).toBeVisible();
  await expect(broadcast).toBeHidden();

  await page.getByRole("button", { name: "Create Content" }).click();
  await expect(page.getByRole("dialog", { name: "Create Content" })).toBeVisible();
});

test("the activity log, the feed, the profile and the settings work", async ({ page }) => {
  await openAsAdmin(page, "/admin/activity");
  const asker = await createUser(page, handle("asker"));
  await requestToHost(page, asker, "I host a weekly gratitude circle in my town.");
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: /^All entries \(\d+\)$/ })).toBeVisible();
  await selectOption(page, page.getByRole("combobox", { name: "Record type" }), "User");
  await expect(page).toHaveURL(/[?&]entityType=user/);
  await expect(page.getByRole("heading", { level: 2, name: /^Matching entries \(\d+\)$/ })).toBeVisible();
  const log = page.getByRole("table", { name: "Activity" });
  await expect(log).toContainText(`created the user ${asker.email}`);
  await expect(log).not.toContainText("asked to become a host");

  // A failed sign-in is an event, with the address it came from.
  const failed = await page.request.post("/api/v1/auth/login", {
    data: { email: asker.email, password: "not-their-password" },
  });
  expect(failed.status()).toBe(401);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await selectOption(page, page.getByRole("combobox", { name: "Action" }), "Sign-in failed");
  await expect(page).toHaveURL(/[?&]action=auth\.sign_in_failed/);
  await expect(
    log.getByRole("row").filter({ hasText: asker.email }).filter({ hasText: "failed to sign in" }),
  ).toHaveCount(1);

  // The host request names its user; its fields are shown as the write left them.
  await selectOption(page, page.getByRole("combobox", { name: "Record type" }), "Host request");
  await expect(page).not.toHaveURL(/[?&]action=/);
  await expect(log.getByRole("row").filter({ hasText: asker.username })).toContainText(
    "asked to become a host",
  );
  await log.getByText("fields set").first().click();
  await expect(log.getByRole("rowheader", { name: "reason" }).first()).toBeVisible();

  // A day span, kept in the URL: today has entries, a day long ago has none.
  const today = new Date().toLocaleDateString("en-CA");
  await page.getByLabel("From").fill(today);
  await expect(page).toHaveURL(new RegExp(`[?&]from=${today}`));
  await expect(log.getByRole("row").filter({ hasText: asker.username })).toContainText(
    "asked to become a host",
  );
  await page.reload();
  await expect(page.getByLabel("From")).toHaveValue(today);
  await expect(page.getByRole("combobox", { name: "Record type" })).toHaveValue("Host request");

  // The filtered list as CSV, streamed by the server to a plain link (the download carries the
  // session cookie, which the asker's sign-in through page.request replaced: the admin's again).
  await page.request.post("/api/v1/auth/login", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = await fs.readFile(await (await download).path(), "utf8");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("time,actor_email,actor_id,action,record_type,record_id,ip,details,before,after");
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((line) => line.includes(",host_request."))).toBe(true);
  expect(csv).toContain(asker.username);

  await page.getByLabel("To").fill("2020-01-02");
  await page.getByLabel("From").fill("2020-01-01");
  await expect(page.getByText("No entries match these filters.")).toBeVisible();

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Feed" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Today" })).toBeVisible();
  await page.getByText("Host requests", { exact: true }).click();
  await expect(page.getByText(`${asker.username} asked to become a host`)).toBeVisible();
  await expect(page.getByText(`created the user ${asker.email}`)).toHaveCount(0);

  // The account's pages and the log are in the sidebar.
  const sidebar = page.getByRole("navigation", { name: "Admin" });
  await sidebar.getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Profile saved")).toBeVisible();

  await sidebar.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await page.getByRole("textbox", { name: "Current password", exact: true }).fill("not-the-password");
  await page.getByRole("textbox", { name: "New password", exact: true }).fill("another-horse-battery");
  await page
    .getByRole("textbox", { name: "Confirm new password", exact: true })
    .fill("another-horse-battery");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Current password is incorrect").first()).toBeVisible();
  await sidebar.getByRole("link", { name: "Activity Log" }).click();
  await expect(page.getByRole("link", { name: "Activity Log" })).toHaveAttribute("aria-current", "page");
});

test("the back-office pages have no accessibility violations, light or dark", async ({ page }) => {
  test.setTimeout(180_000);
  await openAsAdmin(page, "/admin");
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const path of [
      "/admin",
      "/admin/users",
      "/admin/hostrequest",
      "/admin/purchases",
      "/admin/support",
      "/admin/deletion-requests",
      "/admin/app-management",
      "/admin/activity",
      "/admin/feed",
      "/admin/profile",
      "/admin/settings",
    ]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("status")).toHaveCount(0);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${colorScheme} ${path}: ${v.id} ${v.nodes[0]?.target}`)).toEqual(
        [],
      );
    }
  }
});
