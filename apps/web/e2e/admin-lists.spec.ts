import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import {
  createContent,
  createUser,
  handle,
  hostSubmits,
  mailMatch,
  openAsAdmin,
  requestToHost,
  toast,
  unique,
} from "./fixtures";

/** Power tools on every admin list (issue 22, section 2): sort, filters in the URL, rows picked and acted on. */
test.describe.configure({ timeout: 120_000 });

const widths = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

async function axeClean(page: Page, what: string) {
  await expect(page.getByRole("status", { name: /Loading/ })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${what}: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
}

for (const { name, viewport } of widths) {
  test(`users: sort by a column, filter, and the view survives a reload (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openAsAdmin(page, "/admin/users");
    const tag = handle("sorty");
    for (const who of ["b", "a", "c"]) await createUser(page, `${tag}-${who}`);
    await page.goto("/admin/users");

    await page.getByLabel("Search users by username or e-mail").fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag.replace(/\./g, "\\.")}`));
    const names = page.getByText(new RegExp(`^${tag.replace(/\./g, "\\.")}-[abc]$`));
    await expect(names).toHaveCount(3);

    if (name === "desktop") {
      const header = page.getByRole("columnheader", { name: "User" });
      await expect(header).toHaveAttribute("aria-sort", "none");
      // Keyboard reachable: the header's button takes Enter.
      await header.getByRole("button").focus();
      await page.keyboard.press("Enter");
      await expect(header).toHaveAttribute("aria-sort", "ascending");
      await expect(page).toHaveURL(/sort=username/);
      await expect(names).toHaveText([`${tag}-a`, `${tag}-b`, `${tag}-c`]);
      await header.getByRole("button").click();
      await expect(header).toHaveAttribute("aria-sort", "descending");
      await expect(names).toHaveText([`${tag}-c`, `${tag}-b`, `${tag}-a`]);
    } else {
      await page.getByRole("combobox", { name: "Sort by" }).click();
      await page.getByRole("option", { name: "User", exact: true }).click();
      await expect(page).toHaveURL(/sort=username/);
      await expect(names).toHaveText([`${tag}-a`, `${tag}-b`, `${tag}-c`]);
      await page.getByRole("button", { name: /Sorted ascending/ }).click();
      await expect(names).toHaveText([`${tag}-c`, `${tag}-b`, `${tag}-a`]);
    }

    await page.getByRole("combobox", { name: "Mood" }).click();
    await page.getByRole("option", { name: /happy/i }).click();
    await expect(page).toHaveURL(/mood=happy/);
    await expect(page).toHaveURL(/direction=desc/);

    await page.reload();
    await expect(page.getByLabel("Search users by username or e-mail")).toHaveValue(tag);
    await expect(page.getByRole("combobox", { name: "Mood" })).toHaveValue(/happy/i);
    await expect(names).toHaveText([`${tag}-c`, `${tag}-b`, `${tag}-a`]);
    if (name === "desktop") {
      await expect(page.getByRole("columnheader", { name: "User" })).toHaveAttribute(
        "aria-sort",
        "descending",
      );
    }
    await axeClean(page, `users ${name}`);
    await page.screenshot({ path: test.info().outputPath(`users-${name}.png`), fullPage: true });
  });

  test(`contents: pick a shift-range and publish it, the confirmation names the count (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openAsAdmin(page, "/admin/contentPage");
    const tag = unique("Rangepick").replace(/\s+/g, "-");
    await hostSubmits(
      page,
      [1, 2, 3, 4].map((n) => `${tag} ${n}`),
    );

    await page.goto(`/admin/contentPage?q=${encodeURIComponent(tag)}&sort=title`);
    await expect(page.getByText(`${tag} 4`, { exact: true })).toBeVisible();

    await page.getByRole("checkbox", { name: `Select ${tag} 1` }).check();
    await page.getByRole("checkbox", { name: `Select ${tag} 3` }).click({ modifiers: ["Shift"] });
    for (const n of [1, 2, 3])
      await expect(page.getByRole("checkbox", { name: `Select ${tag} ${n}` })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: `Select ${tag} 4` })).not.toBeChecked();
    await expect(page.getByRole("status").filter({ hasText: "3 contents selected" })).toBeVisible();

    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Delete 3 contents?" });
    await expect(dialog).toBeVisible();
    await axeClean(page, `contents confirmation ${name}`);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const publish = page.getByRole("dialog", { name: "Publish 3 contents?" });
    await publish.getByRole("button", { name: "Publish 3 contents" }).click();
    await expect(toast(page, "3 contents published")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "selected" })).toHaveCount(0);
    // The fourth still waits for review; the three are published (their badge gone).
    await page.goto(`/admin/contentPage?q=${encodeURIComponent(tag)}&sort=title&reviewState=pending`);
    await expect(page.getByText(`${tag} 4`, { exact: true })).toBeVisible();
    await expect(page.getByText(new RegExp(`^${tag} [123]$`))).toHaveCount(0);
    await axeClean(page, `contents ${name}`);
    await page.screenshot({ path: test.info().outputPath(`contents-${name}.png`), fullPage: true });
  });
}

for (const { name, viewport } of widths) {
  test(`support: the page's checkbox, then "Select all 21 matching", marked read with the count asked (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openAsAdmin(page, "/admin");
    // One more than a page (20).
    const tag = handle("allmatching");
    for (let n = 1; n <= 21; n++) {
      const sent = await page.request.post("/api/v1/user/support", {
        data: {
          fullName: "Pat Page",
          email: `${tag}@example.com`,
          subject: `${tag} ${n}`,
          message: "Hello there.",
        },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
    }
    await page.goto(`/admin/support?q=${tag}`);
    await expect(page.getByRole("heading", { name: /^Matching messages/ })).toContainText("21");
    await page.getByRole("checkbox", { name: "Select every row of this page" }).check();
    await expect(page.getByRole("status").filter({ hasText: "20 messages selected" })).toBeVisible();
    await page.getByRole("button", { name: "Select all 21 matching" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "All 21 messages matching selected" }),
    ).toBeVisible();
    await axeClean(page, `support all matching ${name}`);
    await page.screenshot({ path: test.info().outputPath(`all-matching-${name}.png`), fullPage: false });
    await page.getByRole("button", { name: "Mark read", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Mark read 21 messages?" });
    await dialog.getByRole("button", { name: "Mark read 21 messages" }).click();
    await expect(toast(page, "21 messages marked read")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "selected" })).toHaveCount(0);
    // None of them is unread any more, on either page.
    await page.goto(`/admin/support?q=${tag}&state=unread`);
    await expect(page.getByText("No message matches these filters")).toBeVisible();
  });
}

/** Sorts the list by the column `header` twice (ascending, then descending): a header click, or on phones the Sort by select. */
async function sortTwice(page: Page, phone: boolean, header: string) {
  if (!phone) {
    const column = page.getByRole("columnheader", { name: header });
    await column.getByRole("button").click();
    await expect(column).toHaveAttribute("aria-sort", "ascending");
    await column.getByRole("button").click();
    await expect(column).toHaveAttribute("aria-sort", "descending");
  } else {
    await page.getByRole("combobox", { name: "Sort by" }).click();
    await page.getByRole("option", { name: header, exact: true }).click();
    await page.getByRole("button", { name: /Sorted ascending/ }).click();
    await expect(page.getByRole("button", { name: /Sorted descending/ })).toBeVisible();
  }
}

for (const { name, viewport } of widths) {
  test(`host requests: sort by a column, the state filter and order survive a reload (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openAsAdmin(page, "/admin/hostrequest");
    const tag = handle("hsort");
    for (const who of ["b", "a", "c"]) {
      await requestToHost(page, await createUser(page, `${tag}-${who}`), "I would like to record sessions.");
    }
    await page.goto("/admin/hostrequest");
    const names = page.getByText(new RegExp(`^${tag.replace(/\./g, "\\.")}-[abc]$`));
    // Waiting requests, newest first.
    await expect(names).toHaveText([`${tag}-c`, `${tag}-a`, `${tag}-b`]);

    await sortTwice(page, name === "phone", "User");
    await expect(page).toHaveURL(/sort=name/);
    await expect(page).toHaveURL(/direction=desc/);
    await expect(names).toHaveText([`${tag}-c`, `${tag}-b`, `${tag}-a`]);

    await page.reload();
    await expect(names).toHaveText([`${tag}-c`, `${tag}-b`, `${tag}-a`]);
    if (name === "desktop") {
      await expect(page.getByRole("columnheader", { name: "User" })).toHaveAttribute(
        "aria-sort",
        "descending",
      );
    }
    await axeClean(page, `host requests ${name}`);
    await page.screenshot({ path: test.info().outputPath(`host-requests-${name}.png`), fullPage: true });

    await page.getByText("Declined", { exact: true }).click();
    await expect(page).toHaveURL(/state=declined/);
    await expect(page.getByText("No declined requests.")).toBeVisible();
    await page.reload();
    await expect(page.getByText("No declined requests.")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Declined" })).toBeChecked();
  });
}

for (const { name, viewport } of widths) {
  test(`activity log: sort by time both ways, the filter and order survive a reload (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openAsAdmin(page, "/admin/activity");
    for (const who of ["a", "b"]) await createUser(page, handle(`logsort-${who}`));
    await page.goto("/admin/activity?entityType=user");
    const times = () =>
      page
        .locator('[aria-label="Activity"] time')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("datetime")!));
    const sorted = (list: string[], direction: 1 | -1) =>
      [...list].sort((a, b) => direction * (Date.parse(a) - Date.parse(b)));
    await expect(page.locator('[aria-label="Activity"] time').nth(1)).toBeVisible();
    // Latest first unless told.
    const latestFirst = await times();
    expect(latestFirst).toEqual(sorted(latestFirst, -1));
    // The oldest entries first: ascending times, and no longer the latest one on top.
    const oldestFirst = async () => {
      const shown = await times();
      return shown.length > 1 && shown.join() === sorted(shown, 1).join() && shown[0] !== latestFirst[0];
    };

    if (name === "desktop") {
      const header = page.getByRole("columnheader", { name: "When" });
      await expect(header).toHaveAttribute("aria-sort", "descending");
      await header.getByRole("button").click();
      await expect(header).toHaveAttribute("aria-sort", "ascending");
    } else {
      await page.getByRole("button", { name: /Sorted descending/ }).click();
      await expect(page.getByRole("button", { name: /Sorted ascending/ })).toBeVisible();
    }
    await expect(page).toHaveURL(/direction=asc/);
    await expect.poll(oldestFirst).toBe(true);

    await page.reload();
    await expect(page.getByRole("combobox", { name: "Record type" })).toHaveValue("User");
    await expect.poll(oldestFirst).toBe(true);
    if (name === "desktop") {
      await expect(page.getByRole("columnheader", { name: "When" })).toHaveAttribute(
        "aria-sort",
        "ascending",
      );
    }
    await expect(page.getByRole("link", { name: "Export CSV" })).toBeVisible();
    await axeClean(page, `activity ${name}`);
    await page.screenshot({ path: test.info().outputPath(`activity-${name}.png`), fullPage: true });
  });
}

/**
 * Two rows, `${tag} a` and `${tag} b` (b first: the newest is a), in the purchases (started, not
 * paid), support messages and deletion requests (asked and confirmed by e-mail).
 */
async function twoRowsEach(page: Page, tag: string) {
  for (const who of ["b", "a"]) {
    const user = await createUser(page, `${tag}-${who}`);
    const purchase = await page.request.post("/api/v1/user/stripe-payment", {
      data: { assignedName: `${tag} ${who}`, email: user.email, totalUsers: 5, totalMonths: 12 },
    });
    expect(purchase.ok(), await purchase.text()).toBe(true);
    const support = await page.request.post("/api/v1/user/support", {
      data: { fullName: `${tag} ${who}`, email: user.email, subject: "Sorting", message: "Which way up?" },
    });
    expect(support.ok(), await support.text()).toBe(true);
    expect(
      (await page.request.post("/api/v1/user/delete-account", { data: { email: user.email } })).ok(),
    ).toBe(true);
    const [, token] = await mailMatch(user.email, /\/delete-account\/confirm\?token=([\w-]+)/);
    const confirmed = await page.request.post("/api/v1/user/delete-account/confirm", { data: { token } });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
  }
}

for (const { name, viewport } of widths) {
  test(`contents, purchases, support and deletion requests: sorted both ways by a column, kept after a reload (${name})`, async ({
    page,
  }) => {
    const phone = name === "phone";
    await page.setViewportSize(viewport);
    await openAsAdmin(page, "/admin");
    const tag = handle("lsort");
    for (const who of ["b", "a"])
      await createContent(page, { title: `${tag} ${who}`, moodType: "happy", paymentType: "free" });
    await twoRowsEach(page, tag);
    const named = (who: string) => `${tag} ${who}`;
    const email = (who: string) => `${tag}-${who}@example.com`;
    for (const list of [
      { path: "/admin/contentPage", header: "Title", field: "title", row: named },
      { path: "/admin/purchases", header: "Business", field: "business", row: named },
      { path: "/admin/support", header: "From", field: "name", row: named },
      { path: "/admin/deletion-requests", header: "Email", field: "email", row: email },
    ]) {
      await page.goto(`${list.path}?q=${tag}`);
      const rows = page.getByText(new RegExp(`^(${list.row("a")}|${list.row("b")})$`.replace(/\./g, "\\.")));
      // Newest first, then by the column: ascending, descending.
      await expect(rows).toHaveText([list.row("a"), list.row("b")]);
      await sortTwice(page, phone, list.header);
      await expect(page).toHaveURL(new RegExp(`sort=${list.field}`));
      await expect(page).toHaveURL(/direction=desc/);
      const descending = [list.row("b"), list.row("a")];
      await expect(rows).toHaveText(descending);
      const url = page.url();
      await page.reload();
      expect(page.url()).toBe(url);
      await expect(rows).toHaveText(descending);
      if (phone) await expect(page.getByRole("button", { name: /Sorted descending/ })).toBeVisible();
      else
        await expect(page.getByRole("columnheader", { name: list.header })).toHaveAttribute(
          "aria-sort",
          "descending",
        );
      await axeClean(page, `${list.path} ${name}`);
    }
    await page.screenshot({ path: test.info().outputPath(`deletion-requests-${name}.png`), fullPage: true });
    // The businesses list, the same component: shown and axe clean.
    await page.goto("/admin/businesses");
    await expect(page.getByRole("heading", { name: /^All businesses/ })).toBeVisible();
    await axeClean(page, `/admin/businesses ${name}`);
  });
}
