import http from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminHeaders,
  openAsAdmin,
  selectOption,
  toast,
  unique,
} from "./fixtures";
import { type Content, expectReadAsHtmlLoads, publishContent, signUpListener } from "./listen-fixtures";

// The daily habit (issue 24, APP-API.md part 3) in the listener's web app and the back office.

const viewports = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
}

/** A published series of `items`, built through the API as the admin; answers its id. */
async function publishSeries(page: Page, title: string, items: Content[]) {
  const login = await page.request.post("/api/v1/auth/login", {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const answer = await page.request.post("/api/v1/user/series", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      description: "Two short breaths, one after the other.",
      itemIds: items.map((i) => i._id),
      published: true,
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { _id: string } }).data._id;
}

/** The player dialog's mood question answered with Skip. */
async function skipMood(page: Page) {
  await page.getByRole("dialog").getByRole("button", { name: "Skip" }).click();
}

test("a push message shows the reminder from the service worker, opening only a /listen page", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["notifications"]);
  await signUpListener(page, "pushed");
  await page.goto("/listen");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Chromium delivers the message as its push service would (DevTools' "Push" button), to our
  // registration once its worker is activated.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    const ours = new Set<string>();
    const activated = new Set<string>();
    const check = () => {
      const id = [...activated].find((r) => ours.has(r));
      if (id) resolve(id);
    };
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      for (const r of registrations)
        if (r.scopeURL.endsWith("/listen") && !r.isDeleted) ours.add(r.registrationId);
      check();
    });
    cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
      for (const v of versions) if (v.status === "activated") activated.add(v.registrationId);
      check();
    });
  });
  await cdp.send("ServiceWorker.enable");
  const push = async (message: object) =>
    cdp.send("ServiceWorker.deliverPushMessage", {
      origin: new URL(page.url()).origin,
      registrationId: await registrationId,
      data: JSON.stringify(message),
    });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url: string }).url,
      })),
    );
  // DevTools' delivery is fire-and-forget: one sent while the worker starts can be dropped (seen
  // once in CI), so a message not shown yet is sent again. Each replaces the last (one tag).
  const pushUntilShown = async (message: { title: string; body: string; url: string }) => {
    await expect
      .poll(
        async () => {
          const now = await shown();
          if (!now.some((n) => n.title === message.title)) await push(message);
          return now;
        },
        { intervals: [500, 1000, 2000], timeout: 15_000 },
      )
      .toEqual([expect.objectContaining({ title: message.title })]);
    return shown();
  };

  expect(
    await pushUntilShown({
      title: "A calm moment?",
      body: "A few minutes of Serene today.",
      url: "/listen/library",
    }),
  ).toEqual([
    {
      title: "A calm moment?",
      body: "A few minutes of Serene today.",
      tag: "serene-reminder",
      url: "/listen/library",
    },
  ]);
  // A message pointing anywhere else opens /listen; it replaces the earlier reminder (one tag).
  expect(await pushUntilShown({ title: "Elsewhere", body: "Not ours", url: "https://example.com/" })).toEqual(
    [{ title: "Elsewhere", body: "Not ours", tag: "serene-reminder", url: "/listen" }],
  );
});

for (const viewport of viewports) {
  test.describe(`daily habit (${viewport.name})`, () => {
    test.describe.configure({ timeout: 90_000 });
    test.use({ viewport });

    test("today's pick plays from the home card", async ({ page }) => {
      await publishContent(page.request, { title: unique("Pick me"), paymentType: "free", seconds: 60 });
      await signUpListener(page, "today");
      await page.goto("/listen");
      const card = page.getByRole("region", { name: "Today’s pick" });
      await expect(card).toBeVisible();
      // Why it was chosen, in plain words (this listener said "sad" at sign-up).
      await expect(card).toContainText(
        /Chosen for how you said you feel|New in Serene this month|A favourite/,
      );
      await expect(card.getByTestId("today-figures")).toHaveText("Nothing played yet today");
      const today = (await (await page.request.get("/api/v1/app/today")).json()) as {
        data: { pick: { title: string } };
      };
      await expect(card.getByRole("heading", { level: 2 })).toHaveText(today.data.pick.title);
      await expectNoAxeViolations(page);
      // Opened afresh, the card's read goes out as the HTML loads, once, beside the home's.
      await expectReadAsHtmlLoads(page, "/listen", "/app/today", (other) =>
        other.getByRole("region", { name: "Today’s pick" }).getByRole("heading", { level: 2 }),
      );

      await card.getByRole("button", { name: `Play today’s pick: ${today.data.pick.title}` }).click();
      await skipMood(page);
      await expect(page.getByRole("dialog").getByRole("button", { name: "Pause" })).toBeVisible();
      await expect(
        page.getByRole("dialog").getByRole("heading", { name: today.data.pick.title }),
      ).toBeVisible();
    });

    test("a series played through shows the summary card offering the next item", async ({ page }) => {
      const first = await publishContent(page.request, {
        title: unique("Breath one"),
        paymentType: "free",
        seconds: 2,
      });
      const second = await publishContent(page.request, {
        title: unique("Breath two"),
        paymentType: "free",
        seconds: 2,
      });
      const title = unique("Two breaths");
      const id = await publishSeries(page, title, [first, second]);
      await signUpListener(page, "series");

      // Home shows the series with its progress.
      await page.goto("/listen");
      const shelf = page.getByRole("list", { name: "Series" });
      await expect(shelf.getByRole("link", { name: new RegExp(title) })).toContainText("0 of 2 finished");
      await shelf.getByRole("link", { name: new RegExp(title) }).click();

      await expect(page).toHaveURL(new RegExp(`/listen/series/${id}$`));
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      const items = page.getByRole("list", { name: "In this series" });
      // Named by what it shows: its number, title and length, and "Up next".
      await expect(
        items.getByRole("button", { name: new RegExp(`^1 ${first.title} .+ Up next$`) }),
      ).toBeVisible();
      await expectNoAxeViolations(page);

      // Opened afresh, the page's series is asked for as the HTML loads, once.
      await expectReadAsHtmlLoads(page, `/listen/series/${id}`, `/app/series/${id}`, (other) =>
        other.getByRole("heading", { level: 1, name: title }),
      );

      await page.getByRole("button", { name: "Start the series" }).click();
      await skipMood(page);
      // Two seconds later it ends: the mood after, then the summary with the series' next item.
      await expect(page.getByRole("dialog").getByText("How do you feel now?")).toBeVisible({
        timeout: 15_000,
      });
      await skipMood(page);
      const summary = page.getByTestId("session-summary");
      await expect(summary).toContainText("Under a minute this time");
      await expect(summary).toContainText("Next in this series");
      await expect(summary).toContainText(second.title);
      await expectNoAxeViolations(page);
      await summary.getByRole("button", { name: `Play next: ${second.title}` }).click();

      // The mood questions are asked once per browsing session: the next item plays at once, and
      // its end goes straight to the summary.
      await expect(page.getByRole("dialog").getByRole("button", { name: "Pause" })).toBeVisible();
      await expect(summary).toContainText(/You have listened to every part|Under a minute this time/, {
        timeout: 15_000,
      });
      await expect(summary).not.toContainText("Next in this series", { timeout: 15_000 });
      await expect(page.getByRole("dialog").getByText("How do you feel now?")).toHaveCount(0);
      await summary.getByRole("button", { name: "Done" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);

      await expect(page.getByText("2 of 2 finished")).toBeVisible();
      await expect(page.getByText("You have listened to every part of this series.")).toBeVisible();
    });

    test("turning reminders on with push saves them and subscribes this browser", async ({
      page,
      context,
    }) => {
      // The push service: a local server the subscription points at (PUSH_ALLOW_LOOPBACK).
      const received: string[] = [];
      const service = http.createServer((request, response) => {
        received.push(`${request.method} ${request.url}`);
        request.resume();
        response.writeHead(201).end();
      });
      await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
      const endpoint = `http://127.0.0.1:${(service.address() as AddressInfo).port}/push/${Date.now()}`;
      try {
        await context.grantPermissions(["notifications"]);
        // The test browser has no push service of its own: PushManager hands out a subscription to
        // the local one, with real keys so that the server can encrypt to it.
        await page.addInitScript((endpoint) => {
          let current: PushSubscription | null = null;
          const b64 = (bytes: ArrayBuffer) =>
            btoa(String.fromCharCode(...new Uint8Array(bytes)))
              .replace(/\+/g, "-")
              .replace(/\//g, "_")
              .replace(/=+$/, "");
          PushManager.prototype.getSubscription = async () => current;
          PushManager.prototype.subscribe = async (options) => {
            const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
              "deriveBits",
            ]);
            const p256dh = b64(await crypto.subtle.exportKey("raw", pair.publicKey));
            const auth = b64(crypto.getRandomValues(new Uint8Array(16)).buffer);
            current = {
              endpoint,
              options: {
                applicationServerKey: (options?.applicationServerKey as Uint8Array).buffer,
                userVisibleOnly: true,
              },
              toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
              unsubscribe: async () => ((current = null), true),
            } as unknown as PushSubscription;
            return current;
          };
        }, endpoint);
        await signUpListener(page, "reminded");
        await page.goto("/listen/account");
        await page.getByRole("link", { name: "Set reminders" }).click();
        await expect(page).toHaveURL(/\/listen\/settings\/reminders$/);
        await expect(page.getByRole("heading", { level: 1, name: "Reminders" })).toBeVisible();

        await page.getByRole("switch", { name: "Remind me to take a calm moment" }).check({ force: true });
        await page.getByRole("textbox", { name: "Time" }).fill("07:45");
        // Weekdays only: Saturday and Sunday off.
        await page.getByText("Sat", { exact: true }).click();
        await page.getByText("Sun", { exact: true }).click();
        await expect(page.getByRole("checkbox", { name: "Saturday" })).not.toBeChecked();
        await page.getByRole("switch", { name: "A notification on this device" }).check({ force: true });
        await expect(page.getByRole("switch", { name: "A notification on this device" })).toBeChecked();
        await expectNoAxeViolations(page);
        await page.getByRole("button", { name: "Save" }).click();
        await expect(toast(page, "Reminders saved")).toBeVisible();

        const saved = (await (await page.request.get("/api/v1/app/reminders")).json()) as {
          data: {
            enabled: boolean;
            time: string;
            days: number[];
            channels: { push: boolean };
            timeZone: string;
          };
        };
        expect(saved.data).toMatchObject({
          enabled: true,
          time: "07:45",
          days: [1, 2, 3, 4, 5],
          channels: { push: true },
        });
        expect(saved.data.timeZone).not.toBe("");

        // The server has this browser's subscription: its test reaches the local push service.
        await page.getByRole("button", { name: "Send a test" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Sent to 1 device." })).toBeVisible();
        expect(received).toEqual([`POST ${new URL(endpoint).pathname}`]);
      } finally {
        service.close();
      }
    });

    test("an admin builds a series", async ({ page }) => {
      const first = await publishContent(page.request, {
        title: unique("Part A"),
        paymentType: "free",
        seconds: 2,
      });
      const second = await publishContent(page.request, {
        title: unique("Part B"),
        paymentType: "free",
        seconds: 2,
      });
      await openAsAdmin(page, "/admin");
      if (viewport.name === "desktop") {
        await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Series" }).click();
      } else {
        await page.goto("/admin/series");
      }
      await expect(page).toHaveURL(/\/admin\/series$/);
      await page.getByRole("button", { name: "Create Series" }).click();
      const dialog = page.getByRole("dialog", { name: "Create Series" });
      const title = unique("Evening series");
      await dialog.getByLabel("Title").fill(title);
      await dialog.getByLabel("Description").fill("Two parts, in order.");
      // One content is not a series.
      await selectOption(
        page,
        dialog.getByRole("combobox", { name: "Add a content" }),
        first.title,
        first.title,
      );
      await dialog.getByLabel("Published: listeners see it").check({ force: true });
      await dialog.getByRole("button", { name: "Save series" }).click();
      await expect(dialog.getByText("must hold at least 2 contents")).toBeVisible();

      await selectOption(
        page,
        dialog.getByRole("combobox", { name: "Add a content" }),
        second.title,
        second.title,
      );
      // Part B first: moved up with its arrow.
      await dialog.getByRole("button", { name: `Move ${second.title} up` }).click();
      await expect(
        dialog.getByRole("list", { name: "Contents of the series" }).getByRole("listitem").first(),
      ).toContainText(second.title);
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: "Save series" }).click();
      await expect(toast(page, "Series created")).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByText(title)).toBeVisible();

      const list = await page.request.get(`/api/v1/user/series?q=${encodeURIComponent(title)}`, {
        headers: await adminHeaders(page),
      });
      const [series] = ((await list.json()) as { data: { itemIds: string[]; published: boolean }[] }).data;
      expect(series).toMatchObject({ itemIds: [second._id, first._id], published: true });
    });
  });
}
