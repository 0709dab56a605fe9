import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { toast, unique } from "./fixtures";
import {
  adminToken,
  buyCodes,
  CODE,
  type Content,
  LISTENER_PASSWORD,
  publishContent,
  signUpListener,
} from "./listen-fixtures";

// Issue 24 §2, the listener's words and confirmations: at desktop and phone size, axe clean.
const sizes = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function axeClean(page: Page, what: string) {
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("status").filter({ hasText: "Loading" })).toHaveCount(0);
  await expect(page.locator(".mantine-Loader-root")).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${what}: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
}

const codeOf = (link: string) => link.match(CODE)![0];

test.describe("listener words and confirmations", () => {
  test.describe.configure({ timeout: 90_000 });
  // Two purchases: a listener holds one seat per business (a second code of the same one is refused).
  let codes: string[] = [];
  let others: string[] = [];

  let covered: Content;

  test.beforeAll(async ({ browser, request }) => {
    const page = await browser.newPage();
    codes = (await buyCodes(page, 5)).map(codeOf);
    others = (await buyCodes(page, 5)).map(codeOf);
    await page.close();
    covered = await publishContent(request, {
      title: unique("Sleep harbour"),
      paymentType: "free",
      seconds: 2,
    });
  });

  for (const size of sizes) {
    test(`redeeming while entitled compares the ends and uses no seat until confirmed; home says so once (${size.name})`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      const [first, second] = size.name === "desktop" ? [codes[0]!, others[0]!] : [codes[1]!, others[1]!];
      await signUpListener(page, "entitled", first);
      await page.goto(`/listen/redeem?code=${second}`);
      const comparison = page.getByTestId("redeem-comparison");
      await expect(comparison).toContainText(/It runs until .+ \d{4}; this code would make it .+ \d{4}/);
      await axeClean(page, "redeem comparison");
      await page.screenshot({
        path: `/tmp/listen-words-3607/redeem-compare-${size.name}.png`,
        fullPage: true,
      });
      // Seen, not used: the code is still free.
      const preview = await page.request.post("/api/v1/app/redeem/preview", { data: { code: second } });
      expect((await preview.json()).data.alreadyUsed).toBe(false);
      const until = (await preview.json()).data.paidUntilAfter as string;

      await page.getByRole("button", { name: "Use it and extend my premium" }).click();
      await expect(page.getByRole("status")).toContainText("Premium is unlocked");
      const after = await page.request.post("/api/v1/app/redeem/preview", { data: { code: second } });
      expect((await after.json()).data.alreadyUsed).toBe(true);
      const me = await (await page.request.get("/api/v1/app/me")).json();
      expect(me.data.entitlement.paidUntil).toBe(until);

      await page.getByRole("link", { name: "Start listening" }).click();
      const news = page.getByTestId("premium-news");
      await expect(news).toContainText("Premium is unlocked");
      await expect(news).toContainText("Calm Company");
      await axeClean(page, "home with the premium news");
      await page.screenshot({ path: `/tmp/listen-words-3607/home-premium-${size.name}.png` });
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(news).toHaveCount(0);
    });

    test(`sign-up from a link with a used code explains it and signs up without it (${size.name})`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(size);
      // Someone else signed up with it first.
      const used = codes[size.name === "desktop" ? 2 : 3]!;
      const first = unique("first").replace(/\s+/g, ".").toLowerCase();
      const taken = await request.post("/api/v1/auth/signup", {
        data: {
          email: `${first}@company.example`,
          password: LISTENER_PASSWORD,
          username: first,
          ageConfirmed: true,
          code: used,
        },
      });
      expect(taken.ok(), await taken.text()).toBe(true);
      await page.goto(`/listen/signup?code=${used}`);
      const username = unique("latecomer").replace(/\s+/g, ".").toLowerCase();
      await page.getByLabel("Name").fill(username);
      await page.getByLabel("Email").fill(`${username}@company.example`);
      await page.getByRole("textbox", { name: "Password" }).fill(LISTENER_PASSWORD);
      await page.getByLabel("I confirm that I am 18 years old or older").check();
      await page.getByRole("button", { name: "Create account" }).click();
      const problem = page.getByRole("alert").filter({ hasText: "Your code cannot be used" });
      await expect(problem).toContainText("This subscription code has already been used.");
      await expect(problem).toContainText("without it");
      await expect(page.getByText(/is used as you sign up/)).toHaveCount(0);
      await axeClean(page, "sign-up with a used code");
      await page.screenshot({
        path: `/tmp/listen-words-3607/signup-used-code-${size.name}.png`,
        fullPage: true,
      });
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page).toHaveURL(/\/listen\/welcome$/, { timeout: 15_000 });
      await expect(page.getByTestId("premium-news")).toHaveCount(0);
    });

    test(`a wrong password is one sentence; signing out warns about downloads (${size.name})`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      const { email } = await signUpListener(page, "words");
      await page.goto("/listen/account");
      await page.getByRole("button", { name: "Delete my account" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete your account?" });
      await dialog.getByRole("textbox", { name: "Password" }).fill("not-my-password");
      await dialog.getByRole("button", { name: "Delete my account" }).click();
      await expect(dialog.getByText("That password is not right.")).toHaveCount(1);
      await expect(dialog).not.toContainText("is incorrect");
      await expect(dialog).not.toContainText("password:");
      await axeClean(page, "wrong password");
      await dialog.getByRole("button", { name: "Cancel" }).click();

      await page.getByRole("button", { name: "Sign out" }).click();
      const signOut = page.getByRole("dialog", { name: "Sign out?" });
      await expect(signOut).toContainText("Downloads on this device are removed when you sign out.");
      await axeClean(page, "sign-out warning");
      await page.screenshot({ path: `/tmp/listen-words-3607/sign-out-${size.name}.png` });
      await signOut.getByRole("button", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/listen\/account$/);
      await expect(signOut).toHaveCount(0);
      await page.locator("#main").getByRole("button", { name: "Sign out" }).click();
      await signOut.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(/\/listen\/signin/);

      // Signing in with a wrong password: a sentence, and the show/hide button is in the tab order.
      await page.getByLabel("Email").fill(email);
      const password = page.getByRole("textbox", { name: "Password" });
      await password.fill("still-not-it");
      await password.focus();
      await page.keyboard.press("Tab");
      const toggle = page.getByRole("button", { name: "Show password" });
      await expect(toggle).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(password).toHaveAttribute("type", "text");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toContainText(
        "That e-mail address and password do not match. Check them and try again.",
      );
    });

    test(`inbox: links work and Mark all read (${size.name})`, async ({ page, request, baseURL }) => {
      await page.setViewportSize(size);
      await signUpListener(page, "reader");
      const me = (await (await page.request.get("/api/v1/app/me")).json()).data;
      // The admin signs in on its own request context: the page's cookie stays the listener's.
      const headers = { Authorization: `Bearer ${await adminToken(request)}` };
      for (const [title, message] of [
        ["Your history", `See what you listened to: ${baseURL}/listen/library?tab=history.`],
        ["A second note", "Breathe."],
      ]) {
        const sent = await request.post(`/api/v1/user/users/${me._id}/message`, {
          headers,
          data: { title, message },
        });
        expect(sent.ok(), await sent.text()).toBe(true);
      }
      await page.goto("/listen/inbox");
      await expect(page.getByText("2 unread")).toBeVisible();
      await axeClean(page, "inbox");
      await page.screenshot({ path: `/tmp/listen-words-3607/inbox-${size.name}.png`, fullPage: true });
      await page.getByRole("link", { name: `${baseURL}/listen/library?tab=history` }).click();
      await expect(page).toHaveURL(/\/listen\/library\?tab=history$/);
      await expect(page.getByRole("tab", { name: "History", selected: true })).toBeVisible();
      await page.goBack();
      await page.getByRole("button", { name: "Mark all read" }).click();
      await expect(page.getByText("All read")).toBeVisible();
      await expect(page.getByRole("button", { name: "Mark all read" })).toHaveCount(0);
      const inbox = await (await page.request.get("/api/v1/app/messages")).json();
      expect(inbox.meta.unread).toBe(0);
    });

    test(`covers load a resized AVIF variant, never the original upload (${size.name})`, async ({ page }) => {
      await page.setViewportSize(size);
      await signUpListener(page, "viewer");
      const images: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "image") images.push(new URL(r.url()).pathname);
      });
      await page.goto("/listen/search?q=harbour");
      const thumb = page.locator("main picture img").first();
      await expect(thumb).toBeVisible();
      // A card in the results (first, so no larger file is in the cache yet): the 320 px file.
      await expect
        .poll(() => thumb.evaluate((img: HTMLImageElement) => img.currentSrc))
        .toMatch(/\.w320\.avif$/);
      await page.goto(`/listen/content/${covered._id}`);
      const cover = page.locator("main picture img").first();
      await expect(cover).toBeVisible();
      await expect
        .poll(() => cover.evaluate((img: HTMLImageElement) => img.currentSrc))
        .toMatch(/\.w\d+\.avif$/);
      const chosen = new URL(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
      // 390 px wide: the 90vw cover needs 351 px, so the 640 px file at most; on a desktop the 420 px frame, 640.
      expect(chosen).toMatch(size.name === "phone" ? /\.w(320|640)\.avif$/ : /\.w640\.avif$/);
      expect(images).toContain(chosen);
      expect(images.filter((p) => /\/media\/image\/.+\.(png|jpg|gif)$/.test(p))).toEqual([]);
    });

    test(`search: filters folded on a phone, recent searches kept and cleared (${size.name})`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await signUpListener(page, "seeker");
      await page.goto("/listen/search");
      const mood = page.getByRole("combobox", { name: "Mood" });
      const filters = page.getByRole("button", { name: /^Filters/ });
      if (size.name === "phone") {
        await expect(mood).toBeHidden();
        await expect(filters).toHaveAttribute("aria-expanded", "false");
        await filters.click();
        await expect(filters).toHaveAttribute("aria-expanded", "true");
        await expect(mood).toBeVisible();
      } else {
        await expect(filters).toBeHidden();
        await expect(mood).toBeVisible();
      }
      const box = page.getByRole("searchbox", { name: "Search" });
      await box.fill("harbour");
      await box.press("Enter");
      await expect(page.getByText(/Sleep harbour/).first()).toBeVisible();
      await page.goto("/listen/search");
      const recent = page.getByRole("region", { name: "Recent searches" });
      await expect(recent.getByRole("button", { name: "harbour" })).toBeVisible();
      await axeClean(page, "search with recent searches");
      await page.screenshot({ path: `/tmp/listen-words-3607/search-${size.name}.png`, fullPage: true });
      await recent.getByRole("button", { name: "harbour" }).click();
      await expect(box).toHaveValue("harbour");
      await expect(page).toHaveURL(/q=harbour/);
      await box.fill("");
      await recent.getByRole("button", { name: "Clear" }).click();
      await expect(page.getByRole("region", { name: "Recent searches" })).toHaveCount(0);
      await page.reload();
      await expect(box).toBeVisible();
      await expect(page.getByText("Recent searches")).toHaveCount(0);
    });
  }
});

test("reminders where push is not possible: said why, e-mail offered, the time and days saved", async ({
  browser,
}) => {
  // A browser without PushManager, as a private window or Safari outside the Home Screen.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  const page = await context.newPage();
  await signUpListener(page, "private");
  await page.goto("/listen/settings/reminders");
  const note = page.getByRole("alert").filter({ hasText: "Notifications are not available here" });
  await expect(note).toContainText("private windows cannot");
  await page.getByRole("switch", { name: "Remind me to take a calm moment" }).check({ force: true });
  await page.getByRole("textbox", { name: "Time" }).fill("07:45");
  await page.getByText("Sun", { exact: true }).click();
  await note.getByRole("button", { name: "Remind me by e-mail instead" }).click();
  await expect(page.getByRole("switch", { name: "An e-mail" })).toBeChecked();
  // Not confirmed yet: said, with a new link on offer.
  await expect(page.getByText("E-mail reminders go only to a confirmed address.")).toBeVisible();
  await page.getByRole("button", { name: "Send the confirmation again" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sent: check your inbox." })).toBeVisible();
  await axeClean(page, "reminders without push");
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/listen/reminders-no-push-${size.name}.png`, fullPage: true });
  }
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Reminders saved")).toBeVisible();
  const saved = await (await page.request.get("/api/v1/app/reminders")).json();
  expect(saved.data).toMatchObject({
    enabled: true,
    time: "07:45",
    days: [1, 2, 3, 4, 5, 6],
    channels: { push: false, email: true },
  });
  await context.close();
});

test("signed out, /listen pages make no call the page knows will be refused: no 401 in the console", async ({
  page,
}) => {
  const refused: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 401) refused.push(`401 ${new URL(response.url()).pathname}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error") refused.push(message.text());
  });
  for (const path of [
    "/listen",
    "/listen/library",
    "/listen/signin",
    "/listen/signup",
    "/listen/forgot",
    "/listen/reset?token=x",
    "/listen/verify",
    "/listen/redeem?code=ABCD-EFGH-JKMN-PQRS",
    "/listen/join/not-a-token",
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(refused, path).toEqual([]);
  }
});
