import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { unique } from "./fixtures";
import {
  buyCodes,
  LISTENER_PASSWORD,
  play,
  publishContent,
  shownPosition,
  signUpListener,
} from "./listen-fixtures";

const viewports = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

// Every screen of the listener app, at phone and desktop size, light and dark: a screenshot to
// look at (test-results/listen-screens/) and no axe violations.
test("every /listen screen has no axe violations, in both sizes and both colour schemes", async ({
  page,
}) => {
  test.setTimeout(420_000);
  const content = await publishContent(page.request, {
    title: unique("Evening wind-down"),
    paymentType: "paid",
    seconds: 2,
  });
  const signedOut = [
    "/listen/signin",
    "/listen/signup",
    "/listen/forgot",
    "/listen/reset?token=x",
    "/listen/verify",
  ];
  for (const path of signedOut) await shoot(path, "signed-out");
  await signUpListener(page, "looker");
  const signedIn = [
    "/listen/welcome",
    "/listen",
    "/listen/search",
    `/listen/content/${content._id}`,
    "/listen/library",
    "/listen/library?tab=downloads",
    "/listen/library?tab=stats",
    "/listen/inbox",
    "/listen/account",
    "/listen/redeem",
  ];
  for (const path of signedIn) await shoot(path, "signed-in");

  async function shoot(path: string, group: string) {
    await capture(page, `${group}${path.replace(/[/?=&]+/g, "-")}`, { open: () => page.goto(path) });
  }
});

// The states a path alone does not show: the open player, the mini player over another page, the
// account and stats of an entitled listener who has listened.
test("the player, the account and the stats of an entitled listener", async ({ page, request }) => {
  test.setTimeout(240_000);
  const content = await publishContent(page.request, {
    title: unique("Night rain"),
    paymentType: "paid",
    // Long enough to be still playing after the full player's eight screenshots, on a slow machine.
    seconds: 90,
  });
  const [link] = await buyCodes(page, 5);
  const { email } = await signUpListener(
    page,
    "entitled",
    new URL(link!, "http://x").searchParams.get("code")!,
  );
  // A second device: the phone app, signed in on its own.
  const phone = await request.post("/api/v1/auth/login", {
    headers: { "X-App-Platform": "android", "X-App-Version": "120", "X-Device-Name": "Pixel 8" },
    data: { email, password: LISTENER_PASSWORD },
  });
  expect(phone.ok(), await phone.text()).toBe(true);
  await page.goto(`/listen/content/${content._id}`);
  const player = await play(page);
  await expect.poll(() => shownPosition(page)).toBeGreaterThanOrEqual(2);
  await capture(page, "player-full");

  await player.getByRole("button", { name: "Minimise" }).click();
  await page.getByRole("link", { name: "Library" }).first().click();
  await expect(page.getByRole("region", { name: "Player" })).toBeVisible();
  await capture(page, "player-mini");
  await page.getByRole("region", { name: "Player" }).getByRole("button", { name: "Pause" }).click();

  await capture(page, "entitled-account", { open: () => page.goto("/listen/account") });
  await capture(page, "entitled-account-devices", {
    focus: (at) => at.getByText("This device", { exact: true }),
  });
  await capture(page, "entitled-library-stats", { open: () => page.goto("/listen/library?tab=stats") });
});

/**
 * Screenshots the page (test-results/listen-screens/NAME-SIZE-SCHEME.png) at phone and desktop
 * size, light and dark, and checks it with axe; `open` (re)opens it after each change, `focus` is
 * the part to scroll to.
 */
async function capture(
  page: Page,
  name: string,
  { open, focus }: { open?: () => Promise<unknown>; focus?: (page: Page) => Locator } = {},
) {
  for (const viewport of viewports) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await open?.();
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("status").filter({ hasText: "Loading" })).toHaveCount(0);
      const file = `${name}-${viewport.name}-${colorScheme}.png`;
      // With a focus, what the listener sees scrolled to it (a full-page shot draws the phone's
      // fixed tab bar over the middle of a long page).
      // In the middle: at the edge it may sit under the tab bar.
      if (focus) await focus(page).evaluate((element) => element.scrollIntoView({ block: "center" }));
      await page.screenshot({ path: `test-results/listen-screens/${file}`, fullPage: !focus });
      const results = await new AxeBuilder({ page }).analyze();
      expect
        .soft(
          results.violations.map(
            (v) => `${colorScheme} ${viewport.name} ${name}: ${v.id} ${v.nodes[0]?.target}`,
          ),
        )
        .toEqual([]);
    }
  }
}

// On a phone the tab bar (and the mini player) stay at the bottom: no page's last element is ever
// under them. Each page, at 390×844, with an item in the mini player: scrolled to the end, its
// last button takes the tap (a trial click: Playwright checks nothing else would receive it).
test("on a phone, the tab bar never covers a page's last button", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const content = await publishContent(page.request, {
    title: unique("Low tide"),
    paymentType: "free",
    seconds: 60,
  });
  await signUpListener(page, "thumb");
  await page.goto(`/listen/content/${content._id}`);
  const player = await play(page);
  await player.getByRole("button", { name: "Pause" }).click();
  await player.getByRole("button", { name: "Minimise" }).click();
  for (const path of [
    "/listen/welcome",
    "/listen",
    "/listen/search",
    `/listen/content/${content._id}`,
    "/listen/library",
    "/listen/library?tab=history",
    "/listen/library?tab=downloads",
    "/listen/library?tab=stats",
    "/listen/inbox",
    "/listen/account",
    "/listen/account/employer",
    "/listen/settings/reminders",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("region", { name: "Player" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.screenshot({
      path: `test-results/listen/thumb${path.replace(/[/?=&]+/g, "-")}.png`,
      fullPage: true,
    });
    const last = page.locator("main :is(button:not([disabled]), a[href]):visible").last();
    // (An empty inbox has nothing to tap.)
    if ((await last.count()) === 0) continue;
    // Scrolled to by Playwright as a thumb would (just into view), then from the very end.
    for (const scroll of [false, true]) {
      if (scroll) await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await last.click({ trial: true, timeout: 3_000 }).catch((error: Error) => {
        throw new Error(`${path}: ${error.message.split("\n")[0]}`);
      });
    }
    // Scrolled just into view, as the keyboard's focus or a link does (no retry at another scroll,
    // as Playwright's click makes): the button itself is what a tap there reaches, not the bar.
    // On the welcome page, both ways on.
    const names = path === "/listen/welcome" ? ["Skip for now", "Save"] : [];
    for (const button of [last, ...names.map((name) => page.getByRole("button", { name, exact: true }))]) {
      const reached = await button.evaluate((element) => {
        element.scrollIntoView({ block: "end" });
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && element.contains(hit);
      });
      expect(reached, `${path}: ${await button.textContent()}`).toBe(true);
    }
  }
});
