import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { unique } from "./fixtures";
import { type Content, play, publishContent, shownPosition, signUpListener } from "./listen-fixtures";

// The listener app holding up (issue 24 §2): offline pages, the player across a reload and Back,
// its own not-found page, and what the server sends before any script runs.
const viewports = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
] as const;

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
}

/** A page shows what it has or the one offline notice: no spinner left, no crash. */
async function expectSettledOffline(page: Page, path: string) {
  await expect(page.getByRole("banner"), path).toBeVisible();
  await expect(page.getByText("Something went wrong"), path).toHaveCount(0);
  await expect(page.locator(".mantine-Loader-root"), path).toHaveCount(0, { timeout: 5_000 });
}

let content: Content;
test.beforeAll(async ({ request }) => {
  content = await publishContent(request, { title: unique("Still water"), paymentType: "free", seconds: 60 });
});

for (const viewport of viewports) {
  test.describe(`listener app holds up (${viewport.name})`, () => {
    test.describe.configure({ timeout: 90_000 });
    test.use({ viewport });

    test("offline, every page shows what it has or the offline notice; Stats stands; Library opens on Downloads", async ({
      page,
      context,
    }) => {
      await signUpListener(page, "offline");
      await page.goto("/listen");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Good");
      // The service worker has kept the shell and every file of the app.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

      await context.setOffline(true);
      const pages = [
        "/listen",
        "/listen/search",
        "/listen/library?tab=favourites",
        "/listen/library?tab=history",
        "/listen/library?tab=stats",
        "/listen/inbox",
        "/listen/account",
        "/listen/settings/reminders",
        `/listen/content/${content._id}`,
      ];
      // Home and Search show what is on the device (see the journey below); the others the notice.
      const local = ["/listen", "/listen/search"];
      for (const path of pages) {
        await page.goto(path);
        await expectSettledOffline(page, path);
        if (local.includes(path)) await expect(page.getByText(/^You are offline/), path).toBeVisible();
        else if (path !== "/listen/account") {
          await expect(page.getByTestId("offline-notice"), path).toBeVisible();
        }
        if (viewport.name === "phone") {
          await page.screenshot({
            path: test.info().outputPath(`offline${path.replace(/[/?=&]+/g, "-")}.png`),
          });
        }
      }
      await expectNoAxeViolations(page);

      // With no tab asked for, the library opens on what still plays.
      await page.goto("/listen/library");
      await expect(page.getByRole("tab", { name: "Downloads" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByTestId("downloads-used")).toBeVisible();
      await expectNoAxeViolations(page);

      // Back online, a page's waiting read goes out on its own.
      await page.goto("/listen/library?tab=favourites");
      await expect(page.getByTestId("offline-notice")).toBeVisible();
      await context.setOffline(false);
      await expect(page.getByTestId("offline-notice")).toHaveCount(0, { timeout: 10_000 });
    });

    test("the player: restored paused after a reload, Back closes it, the slider speaks seconds, continue listening", async ({
      page,
    }) => {
      await signUpListener(page, "player");
      await page.goto(`/listen/content/${content._id}`);
      const player = await play(page);

      const slider = player.getByRole("slider", { name: "Position" });
      await expect
        .poll(async () => Number(await slider.getAttribute("aria-valuenow")))
        .toBeGreaterThanOrEqual(2);
      expect(await slider.getAttribute("aria-valuenow")).toMatch(/^\d+$/);
      // The file runs a second or two over its minute.
      expect(await slider.getAttribute("aria-valuemax")).toMatch(/^6\d$/);
      await expect(slider).toHaveAttribute("aria-valuetext", /^0:0\d of 1:0\d$/);
      expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe("playing");

      // Back closes the full player and stays on the page.
      await page.goBack();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/listen/content/${content._id}$`));
      const mini = page.getByRole("region", { name: "Player" });
      await mini.getByRole("button", { name: "Pause" }).click();
      await expect(mini).toContainText("Paused");
      expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe("paused");

      // A reload keeps the mini player: the same item, paused; Play goes on from there.
      await page.reload();
      await expect(mini).toContainText(content.title);
      await expect(mini).toContainText("Paused");
      await mini.getByRole("button", { name: "Play", exact: true }).click();
      await expect(mini.getByRole("button", { name: "Pause" })).toBeVisible({ timeout: 10_000 });
      await mini.getByRole("button", { name: "Pause" }).click();

      // Continue listening shows how far along it is, and can hide it.
      await page.getByRole("link", { name: "Home" }).first().click();
      const row = page.getByRole("list", { name: "Continue listening" });
      await expect(row.getByRole("progressbar", { name: new RegExp(`% listened$`) })).toBeVisible();
      await expectNoAxeViolations(page);
      await row.getByRole("button", { name: `Hide ${content.title} from continue listening` }).click();
      await expect(page.getByRole("list", { name: "Continue listening" })).toHaveCount(0);
    });

    test("an unknown /listen path is the app's own not-found page, with status 404", async ({ page }) => {
      const answer = await page.goto("/listen/no/such/page");
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page).toHaveTitle("Page not found · Serene");
      await expectNoAxeViolations(page);
      if (viewport.name === "phone") await page.screenshot({ path: test.info().outputPath("not-found.png") });
    });
  });
}

test("offline at 390 px (then 1280): Home shows a download with its cover and the recent history, Search finds it by title, Stats are dated, the item's page plays it", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpListener(page, "away");
  // Online: a few seconds listened (the history), the item downloaded, history and stats read.
  await page.goto(`/listen/content/${content._id}`);
  const player = await play(page);
  await expect.poll(() => shownPosition(page)).toBeGreaterThanOrEqual(2);
  await player.getByRole("button", { name: "Pause" }).click();
  await player.getByRole("button", { name: "Minimise" }).click();
  await page.getByRole("region", { name: "Player" }).getByRole("button", { name: "Stop and close" }).click();
  await page.locator("#main").getByRole("button", { name: "Download", exact: true }).click();
  await expect(page.getByRole("button", { name: /^Downloaded/ })).toBeVisible();
  await page.goto("/listen/library?tab=history");
  await expect(page.getByRole("list", { name: "History" })).toContainText(content.title);
  await page.goto("/listen/library?tab=stats");
  const sessions = (await page.getByTestId("stats-sessions").textContent()) ?? "";
  expect(sessions).toMatch(/^\d+$/);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.goto("/listen");
  const downloads = page.getByRole("list", { name: "Your downloads" });
  await expect(downloads).toContainText(content.title);
  // Its cover, kept with the download: a picture, not a broken image.
  await expect
    .poll(() =>
      downloads
        .locator("img")
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  const recent = page.getByRole("list", { name: "Recently listened" });
  await expect(recent).toContainText(content.title);
  await expect(page.getByTestId("offline-as-of")).toContainText(/^You are offline: your history as of /);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("offline-home-390.png"), fullPage: true });

  await page.goto("/listen/search");
  await page.getByRole("searchbox", { name: "Search" }).fill(content.title.slice(0, 8));
  await expect(page.getByRole("list", { name: "Results" })).toContainText(content.title);
  await page.getByRole("searchbox", { name: "Search" }).fill("no such title anywhere");
  await expect(page.getByText("No download matches.", { exact: false })).toBeVisible();

  await page.goto("/listen/library?tab=stats");
  await expect(page.getByTestId("offline-as-of")).toContainText(/^You are offline: your figures as of /);
  await expect(page.getByTestId("stats-sessions")).toHaveText(sessions);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("offline-stats-390.png"), fullPage: true });

  // The item's own page, from its download: its title, cover and words, and Play plays the saved file.
  await page.goto(`/listen/content/${content._id}`);
  await expect(page.getByRole("heading", { level: 1, name: content.title })).toBeVisible();
  await expect(page.getByTestId("offline-item")).toHaveText(
    "You are offline: this plays from your download.",
  );
  await expect(page.getByTestId("offline-notice")).toHaveCount(0);
  await expect(page.locator("#main")).toContainText("Breathe in, breathe out: a few calm minutes.");
  await expect
    .poll(() =>
      page
        .locator("#main img")
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("offline-item-390.png"), fullPage: true });
  await play(page);
  const from = await shownPosition(page);
  await expect.poll(() => shownPosition(page)).toBeGreaterThan(from);

  // The same offline pages on a desktop.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/listen/content/${content._id}`);
  await expect(page.getByTestId("offline-item")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("offline-item-1280.png"), fullPage: true });
  await page.goto("/listen");
  await expect(page.getByRole("list", { name: "Your downloads" })).toContainText(content.title);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("offline-home-1280.png"), fullPage: true });
});

test("signed out, /listen is the sign-in page itself, without a redirect; no API call answers 401", async ({
  page,
}) => {
  const unauthorized: string[] = [];
  const errors: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 401) unauthorized.push(response.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const answer = await page.goto("/listen/library?tab=stats");
  expect(answer?.url()).toMatch(/\/listen\/signin\?next=%2Flisten%2Flibrary%3Ftab%3Dstats$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  // The app's start answers the form at its own address: one document, no round trip to another.
  const start = await page.goto("/listen");
  expect(start?.status()).toBe(200);
  expect(start?.request().redirectedFrom()).toBeNull();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  // Its title says what it is, in its HTML already, at the app's own address.
  expect(await start?.text()).toContain("<title>Sign in · Serene</title>");
  // Taken over by the app (the button works once it runs), with nothing said in the console.
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  await expect(page).toHaveURL(/\/listen$/);
  await expect(page).toHaveTitle("Sign in · Serene");
  expect(unauthorized).toEqual([]);
  expect(errors).toEqual([]);
  // Its code is the form's: neither zod nor the signed-in app (the home's words) is in any of it.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((url) => new URL(url).pathname.endsWith(".js")),
  );
  expect(scripts.length).toBeGreaterThan(3);
  for (const url of scripts) {
    const code = await (await page.request.get(url)).text();
    expect(code, url).not.toContain("ZodError");
    expect(code, url).not.toContain("Change your mood and interests");
  }
  // The first thing the keyboard reaches: the skip link.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
});

test("every /listen page's HTML carries its manifest, theme colour, noindex and title", async ({ page }) => {
  await signUpListener(page, "crawler");
  for (const path of ["/listen", "/listen/search", "/listen/library", "/listen/signin", "/listen/nope"]) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toMatch(/<link rel="manifest" href="\/listen.webmanifest"\/>/);
    expect(html, path).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}"\/>/);
    expect(html, path).toContain('<meta name="robots" content="noindex"/>');
    expect(html, path).toMatch(/<title>[^<]+<\/title>/);
  }
  // Each page its own title, once it runs.
  for (const [path, title] of [
    ["/listen/search", "Search · Serene"],
    ["/listen/library", "Library · Serene"],
    ["/listen/inbox", "Inbox · Serene"],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
});

test.describe("in a browser that runs no JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-in page shows its form and says it needs JavaScript; a browser-rendered page says so instead of loading forever", async ({
    page,
  }) => {
    await page.goto("/listen/signin");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeDisabled();
    // (Playwright's text search skips <noscript>: the note is found by its class.)
    const note = page.locator(".needs-javascript");
    await expect(note).toBeVisible();
    await expect(note).toHaveText(
      "This form needs JavaScript: turn it on in your browser, then reload the page.",
    );
    await page.goto("/listen/signup");
    await expect(note).toBeVisible();
    await expect(note).toHaveText(
      "This page needs JavaScript: turn it on in your browser, then reload the page.",
    );
  });
});
