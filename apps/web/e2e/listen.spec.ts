import { expect, test } from "@playwright/test";
import { expectAxeClean, holdRequests, unique } from "./fixtures";
import {
  buyCodes,
  type Content,
  LISTENER_PASSWORD,
  play,
  publishContent,
  shownPosition,
  signUpListener,
} from "./listen-fixtures";

// The listener's web app (/listen) on the app API: each journey signs up its own listener.
test.describe("listener web app", () => {
  test.describe.configure({ timeout: 60_000 });
  let free: Content;
  let paid: Content;
  let short: Content;
  let ninety: Content;

  test.beforeAll(async ({ request }) => {
    ninety = await publishContent(request, { title: unique("Slow tide"), paymentType: "free", seconds: 90 });
    free = await publishContent(request, { title: unique("Morning calm"), paymentType: "free", seconds: 60 });
    paid = await publishContent(request, { title: unique("Deep sleep"), paymentType: "paid", seconds: 60 });
    short = await publishContent(request, { title: unique("One breath"), paymentType: "free", seconds: 2 });
  });

  test("signs up with a code from a test-checkout purchase and listens to a paid item", async ({ page }) => {
    const [link] = await buyCodes(page, 5);
    // The codes e-mail links the code to this app: sign up from there, the code goes with it.
    await page.goto(link!);
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByText(/is used as you sign up/)).toBeVisible();
    const username = unique("employee").replace(/\s+/g, ".").toLowerCase();
    await page.getByLabel("Name").fill(username);
    await page.getByLabel("Email").fill(`${username}@company.example`);
    await page.getByRole("textbox", { name: "Password" }).fill(LISTENER_PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    // 18+ is required.
    await expect(page.getByText("You must be 18 or older to use Serene")).toBeVisible();
    await page.getByLabel("I confirm that I am 18 years old or older").check();
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page).toHaveURL(/\/listen\/welcome$/, { timeout: 15_000 });
    await page.getByRole("button", { name: "Happy" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/listen$/);

    await page.goto(`/listen/content/${paid._id}`);
    await expect(page.getByRole("heading", { level: 1, name: paid.title })).toBeVisible();
    await expect(page.getByText("Part of the paid library")).toHaveCount(0);
    const player = await play(page);
    await expect.poll(() => shownPosition(page)).toBeGreaterThanOrEqual(1);
    await player.getByRole("button", { name: "Pause" }).click();

    await page.goto("/listen/account");
    await expect(page.getByTestId("entitlement")).toContainText(/Paid library until .+: 3\d\d days left/);
    // The web app names itself (X-App-Platform: web, X-Device-Name from the user agent).
    await expect(
      page.getByRole("listitem").filter({ hasText: "This device" }).getByText("Chrome on Windows"),
    ).toBeVisible();
  });

  test("one tap plays (the mood asked beside the audio); stopped half way, the item offers Resume", async ({
    page,
  }) => {
    // The player's audio element is not in the page: the test keeps a hand on it as it plays.
    await page.addInitScript(() => {
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        (window as unknown as { playerAudio: HTMLMediaElement }).playerAudio = this;
        return play.call(this);
      };
    });
    const audio = () =>
      page.evaluate(() => {
        const element = (window as unknown as { playerAudio?: HTMLMediaElement }).playerAudio;
        return { paused: element?.paused ?? true, time: element?.currentTime ?? 0 };
      });
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpListener(page, "onetap");
    await page.goto(`/listen/content/${ninety._id}`);
    // Chromium's default autoplay policy: one click, and the audio plays and moves on.
    await page.getByRole("button", { name: "Play", exact: true }).click();
    const player = page.getByRole("dialog");
    await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
    expect((await audio()).paused).toBe(false);
    const at = (await audio()).time;
    await expect.poll(async () => (await audio()).time, { timeout: 2_000 }).toBeGreaterThan(at);
    // The mood question beside the playing audio, optional.
    await expect(player.getByRole("group", { name: "How do you feel right now?" })).toBeVisible();
    await expectAxeClean(page);
    await page.screenshot({ path: "test-results/listen/one-tap-390.png" });
    await player.getByRole("button", { name: "Sad" }).click();
    await expect(player.getByRole("group", { name: "How do you feel right now?" })).toHaveCount(0);

    // To 0:45 of 1:30, then stopped: half way, said so; the item offers Resume or Play again.
    for (let i = 0; i < 3; i++) await player.getByRole("button", { name: "Forward 15 seconds" }).click();
    await expect.poll(() => shownPosition(page)).toBeGreaterThanOrEqual(45);
    await player.getByRole("button", { name: "Pause" }).click();
    await player.getByRole("button", { name: "Minimise" }).click();
    await page
      .getByRole("region", { name: "Player" })
      .getByRole("button", { name: "Stop and close" })
      .click();
    await expect(page.getByRole("region", { name: "Player" })).toContainText("Stopped half way");
    await page.getByRole("button", { name: `Open the summary: ${ninety.title}` }).click();
    const summary = page.getByTestId("session-summary");
    await expect(summary.getByRole("heading", { name: "Stopped half way" })).toBeVisible();
    await expect(summary).toContainText(/Stopped at 0:[45]\d of 1:3\d/);
    await expectAxeClean(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: "test-results/listen/half-way-1280.png" });
    await player.getByRole("button", { name: "Minimise" }).click();
    // The item's page offers both (the mini player's summary may still offer them too).
    const item = page.locator("#main");
    await expect(item.getByRole("button", { name: "Play again" })).toBeVisible();
    await item.getByRole("button", { name: "Resume" }).click();
    await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
    expect(await shownPosition(page)).toBeGreaterThanOrEqual(44);
  });

  test("resumes after a reload at the second the listener left", async ({ page }) => {
    await signUpListener(page, "resumer");
    await page.goto(`/listen/content/${free._id}`);
    const player = await play(page);
    await player.getByRole("button", { name: "Speed 1×" }).click();
    await page.getByRole("menuitem", { name: "2×" }).click();
    await expect.poll(() => shownPosition(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(8);
    // Pausing reports the position (and so does the page hide of the reload, with sendBeacon).
    await player.getByRole("button", { name: "Pause" }).click();
    const left = await shownPosition(page);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: free.title })).toBeVisible();
    // The mini player came back with the item, paused: Play goes on, the full player shows where.
    await page
      .getByRole("region", { name: "Player" })
      .getByRole("button", { name: "Play", exact: true })
      .click();
    await page.getByRole("button", { name: "Open the player", exact: true }).click();
    await expect(page.getByRole("dialog").getByRole("button", { name: "Pause" })).toBeVisible();
    const resumed = await shownPosition(page);
    expect(Math.abs(resumed - left)).toBeLessThanOrEqual(2);
  });

  test("a favourite shows in the library", async ({ page }) => {
    await signUpListener(page, "fan");
    await page.goto(`/listen/content/${free._id}`);
    await page.getByRole("button", { name: "Add to favourites" }).click();
    await expect(page.getByRole("button", { name: "Remove from favourites" })).toBeVisible();
    await page.getByRole("link", { name: "Library" }).first().click();
    await expect(
      page.getByRole("list", { name: "Favourites" }).getByRole("link", { name: new RegExp(free.title) }),
    ).toBeVisible();
  });

  test("plays a download offline; the listening counts in stats once back online", async ({
    page,
    context,
  }) => {
    await signUpListener(page, "traveller");
    await page.goto(`/listen/content/${short._id}`);
    await page.getByRole("button", { name: "Download" }).click();
    await expect(page.getByRole("button", { name: /^Downloaded/ })).toBeVisible();
    // The service worker keeps the shell: the app opens with no network.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.goto("/listen/library?tab=downloads");
    await page.getByRole("button", { name: `Play ${short.title}` }).click();
    const player = page.getByRole("dialog");
    await player.getByRole("button", { name: "Happy" }).click();
    await expect(player.getByText("Playing your download offline")).toBeVisible();
    // The 2-second item plays to its end; the mood after closes the session, whose summary is
    // summed up on the device (the server counts it once back online).
    await player.getByRole("button", { name: "Happy" }).click();
    const summary = page.getByTestId("session-summary");
    await expect(summary.getByRole("heading", { name: "A calm moment, done" })).toBeVisible();
    await expect(summary).toContainText(
      "Listened offline: it counts in your stats once you are back online.",
    );
    await expect
      .poll(() =>
        page.evaluate(
          () => JSON.parse(localStorage.getItem("serene-listen-offline-sessions") ?? "[]").length,
        ),
      )
      .toBe(1);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect
      .poll(() =>
        page.evaluate(
          () => JSON.parse(localStorage.getItem("serene-listen-offline-sessions") ?? "[]").length,
        ),
      )
      .toBe(0);
    await page.goto("/listen/library?tab=stats");
    await expect(page.getByTestId("stats-sessions")).toHaveText("1");
  });

  test("paid downloads go when the entitlement ends; free ones stay", async ({ page }) => {
    const [link] = await buyCodes(page, 5);
    await signUpListener(page, "lapsed", new URL(link!, "http://x").searchParams.get("code")!);
    for (const item of [short, paid]) {
      await page.goto(`/listen/content/${item._id}`);
      await page.getByRole("button", { name: "Download", exact: true }).click();
      await expect(page.getByRole("button", { name: /^Downloaded/ })).toBeVisible();
    }
    const downloads = page.getByRole("list", { name: "Downloads" });
    await page.goto("/listen/library?tab=downloads");
    await expect(downloads.getByText(paid.title)).toBeVisible();

    // Time passes: the API now reads the entitlement as ended (the server decides it from the
    // end date, which no API call moves; the rest of its answers are the real ones).
    const ended = { paid: false, paidUntil: null, daysLeft: 0, source: null };
    await page.route("**/api/v1/app/me", async (route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      await route.fulfill({
        response: answer,
        json: { ...body, data: { ...body.data, entitlement: ended } },
      });
    });
    await page.reload();
    await expect(downloads.getByText(short.title)).toBeVisible();
    await expect(downloads.getByText(paid.title)).toHaveCount(0);
    await expect(page.getByTestId("downloads-used")).toContainText("1 item");
    // Gone from Cache Storage too, not only from the list.
    await page.unrouteAll();
    await page.reload();
    await expect(downloads.getByText(short.title)).toBeVisible();
    await expect(downloads.getByText(paid.title)).toHaveCount(0);
  });

  test("a page's first reads are made once each; later ones ask the server", async ({ page }) => {
    const username = unique("early").replace(/\s+/g, ".").toLowerCase();
    const signup = await page.request.post("/api/v1/auth/signup", {
      data: {
        email: `${username}@listen.example`,
        password: LISTENER_PASSWORD,
        username,
        ageConfirmed: true,
      },
    });
    expect(signup.ok(), await signup.text()).toBe(true);
    const reads: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === "GET" && path.startsWith("/api/v1/app/"))
        reads.push(path.slice("/api/v1/app".length));
    });
    const count = (path: string) => reads.filter((read) => read === path).length;

    // Not onboarded yet: the home sends the listener to the welcome page (the shell read the
    // profile and the home as the page loaded; the pages' loaders take those answers).
    await page.goto("/listen");
    await expect(page).toHaveURL(/\/listen\/welcome$/);
    expect(count("/me")).toBe(1);
    expect(count("/home")).toBe(1);
    await page.getByRole("button", { name: "Happy" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/listen$/);
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    // The home after onboarding came from the server, not from the page's first read.
    expect(count("/home")).toBe(2);

    // Loaded afresh: the profile and the home once each, not again as the page mounts.
    reads.length = 0;
    await page.reload();
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    expect(count("/me")).toBe(1);
    expect(count("/home")).toBe(1);
  });

  test("a locked item offers to redeem a code", async ({ page }) => {
    await signUpListener(page, "curious");
    await page.goto(`/listen/content/${paid._id}`);
    await expect(page.getByText("Part of the paid library")).toBeVisible();
    await expect(page.getByRole("button", { name: "Play", exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: "Redeem a code" }).first().click();
    await expect(page).toHaveURL(/\/listen\/redeem$/);
    await expect(page.getByLabel("Code")).toBeVisible();
  });

  test("deletes the account with the password", async ({ page }) => {
    const { email } = await signUpListener(page, "leaver");
    await page.goto("/listen/account");
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByRole("textbox", { name: "Password" }).fill("not-my-password");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    // Said once, under the field.
    await expect(dialog.getByText("That password is not right.")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Password" }).fill(LISTENER_PASSWORD);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/listen\/signin$/, { timeout: 15_000 });
    const login = await page.request.post("/api/v1/auth/login", {
      data: { email, password: LISTENER_PASSWORD },
    });
    expect(login.status()).toBe(401);
  });
  test("signed out, /listen shows the sign-in form before its code has loaded, keeps what was typed meanwhile, and opens the app there", async ({
    page,
  }) => {
    const { email } = await signUpListener(page, "early");
    await page.context().clearCookies();
    // The page's code is held back until the form has been filled in, as on a slow network.
    const release = await holdRequests(page);
    // The app's start itself (no redirect to /listen/signin): its HTML is the form.
    await page.goto("/listen", { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    const submit = page.getByRole("button", { name: "Sign in" });
    // It cannot send yet: Enter in a field does nothing, so no password ends up in the address.
    await expect(submit).toBeDisabled();
    await page.getByLabel("Email").fill(email);
    const password = page.getByRole("textbox", { name: "Password" });
    await password.fill(LISTENER_PASSWORD);
    await password.press("Enter");
    expect(new URL(page.url()).search).toBe("");

    release();
    await expect(submit).toBeEnabled();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await submit.click();
    // Signed in where it started: the app's home, in its frame.
    await expect(page.getByRole("banner")).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/listen$/);
    await expect(page).toHaveTitle("Listen · Serene");

    // Signed in without loading another page, the app still opens offline: the service worker
    // kept the shell as it installed on the sign-in page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
  });
});
