import { expect, type Page, test } from "@playwright/test";
import {
  adminHeaders,
  createContent,
  createUser,
  handle,
  hostSubmits,
  mailMatch,
  openAsAdmin,
  paidBusiness,
  requestToHost,
  unique,
} from "./fixtures";

/** Every back-office page with a table (issue 33, §5), and the pages whose lists are cards or a feed (`false`). */
const pages: [path: string, table: boolean][] = [
  ["/admin", true],
  ["/admin/contentPage", true],
  ["/admin/contentPage?reviewState=pending", true],
  ["/admin/users", true],
  ["/admin/hostrequest", true],
  ["/admin/series", true],
  ["/admin/createInterest", false],
  ["/admin/admins", true],
  ["/admin/support", true],
  ["/admin/trash", true],
  ["/admin/feed", false],
  ["/admin/businesses", true],
  ["/admin/purchases", true],
  ["/admin/deletion-requests", true],
  ["/admin/activity", true],
  ["/admin/app-management", false],
];

/** At least one row in each list: a host's pending content, a user, requests, a series, a sale… */
async function seedEveryList(page: Page) {
  const tag = handle("tables");
  const headers = await adminHeaders(page);
  await hostSubmits(page, [unique("Waiting tide")]);
  const items = [
    await createContent(page, { title: unique("Tide one"), moodType: "happy", paymentType: "free" }),
    await createContent(page, { title: unique("Tide two"), moodType: "sad", paymentType: "free" }),
  ];
  const series = await page.request.post("/api/v1/user/series", {
    headers,
    data: { title: unique("Two tides"), itemIds: items },
  });
  expect(series.ok(), await series.text()).toBe(true);
  const asker = await createUser(page, `${tag}-asker`);
  await requestToHost(page, asker, "I would like to share my evening breathing sessions.");
  const gone = await createUser(page, `${tag}-gone`);
  expect((await page.request.post("/api/v1/user/delete", { headers, data: { id: gone._id } })).ok()).toBe(
    true,
  );
  const support = await page.request.post("/api/v1/user/support", {
    data: { fullName: `${tag} sender`, email: asker.email, subject: "Tables", message: "Do the rows fit?" },
  });
  expect(support.ok(), await support.text()).toBe(true);
  expect(
    (await page.request.post("/api/v1/user/delete-account", { data: { email: asker.email } })).ok(),
  ).toBe(true);
  const [, token] = await mailMatch(asker.email, /\/delete-account\/confirm\?token=([\w-]+)/);
  expect((await page.request.post("/api/v1/user/delete-account/confirm", { data: { token } })).ok()).toBe(
    true,
  );
  await paidBusiness(page.request, `${tag}@company.example`, `${tag} Company`);
}

/**
 * How far the page and each table's scroll box overflow sideways, how many controls the tables'
 * first rows hold, and the controls of the page (row actions among them) past the viewport's or
 * their table box's right edge.
 */
const overflowOf = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    const edge = (control: Element) => {
      const box = control.closest("table")?.parentElement;
      if (box && box.clientWidth <= 1) return Infinity;
      return Math.min(box ? box.getBoundingClientRect().right : Infinity, window.innerWidth) + 0.5;
    };
    const shown = (control: Element) => control.getBoundingClientRect().width > 0;
    // The charts' tables for screen readers are visually hidden (1 px): not the page's tables.
    const tables = Array.from(document.querySelectorAll("#main table")).filter(
      (t) => t.parentElement!.clientWidth > 1,
    );
    return {
      page: root.scrollWidth - root.clientWidth,
      tables: tables.map((table) => ({
        label: table.getAttribute("aria-label") ?? "",
        overflow: table.parentElement!.scrollWidth - table.parentElement!.clientWidth,
        controls: table.querySelectorAll("tbody tr:first-child :is(button, a)").length,
      })),
      hidden: Array.from(document.querySelectorAll("#main :is(button, a)"))
        .filter((control) => shown(control) && control.getBoundingClientRect().right > edge(control))
        .map((control) => control.getAttribute("aria-label") ?? control.textContent ?? ""),
    };
  });

test("every back-office table fits at 1280 px: no sideways scroll, every row's actions in view", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The sign-in page offers the password reset.
  await page.goto("/md-login");
  await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
    "href",
    "/md-login/forgot",
  );
  await openAsAdmin(page, "/admin");
  await seedEveryList(page);
  const found: string[] = [];
  for (const [path, table] of pages) {
    await page.goto(path);
    await expect(page.getByRole("status", { name: /Loading/ })).toHaveCount(0);
    if (table)
      // Generous: on a loaded machine the first list (the contents) can take more than 5 s.
      await expect(page.locator("#main table[aria-label]").first(), `${path}: a table`).toBeVisible({
        timeout: 15_000,
      });
    const { page: pageOverflow, tables, hidden } = await overflowOf(page);
    expect.soft(pageOverflow, `${path}: the page scrolls sideways`).toBeLessThanOrEqual(0);
    expect.soft(hidden, `${path}: controls past the right edge`).toEqual([]);
    for (const { label, overflow, controls } of tables) {
      expect.soft(overflow, `${path} ${label}: the table scrolls sideways`).toBeLessThanOrEqual(0);
      if (controls) found.push(path);
    }
  }
  // The Admins page offers no Remove on one's own row (others have it).
  await page.goto("/admin/admins");
  await expect(page.getByRole("row", { name: /\(you\)/ })).toBeVisible();
  await expect(
    page.getByRole("row", { name: /\(you\)/ }).getByRole("button", { name: /^Remove/ }),
  ).toHaveCount(0);
  // The seeded rows gave the tables row actions to check (not empty tables).
  expect(new Set(found).size).toBeGreaterThanOrEqual(8);
});
