import fs from "node:fs/promises";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, fixture, handle, holdRequests, mailMatch, mailTo } from "./fixtures";

/** A business code: the ones e-mailed after a purchase (and linked as /listen/redeem?code=). */
export const CODE = /\b[2-9A-HJKMNP-TV-Z]{4}(?:-[2-9A-HJKMNP-TV-Z]{4}){3}\b/;

export const LISTENER_PASSWORD = "a-quiet-morning-7";

export async function adminToken(request: APIRequestContext) {
  const answer = await request.post("/api/v1/auth/login", {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data.token as string;
}

/**
 * Opens `pagePath` afresh as `page`'s listener, with the app's code held back as on a slow network,
 * in a second window without the service worker (which would serve the code from its cache):
 * `apiPath` is asked for as the HTML loads, before any code, and not again once the app has
 * mounted and shows `shown`.
 */
export async function expectReadAsHtmlLoads(
  page: Page,
  pagePath: string,
  apiPath: string,
  shown: (page: Page) => Locator,
) {
  const fresh = await page
    .context()
    .browser()!
    .newContext({
      serviceWorkers: "block",
      storageState: await page.context().storageState(),
    });
  const other = await fresh.newPage();
  const release = await holdRequests(other);
  const reads: string[] = [];
  other.on("request", (request) => {
    if (new URL(request.url()).pathname === `/api/v1${apiPath}`) reads.push(request.url());
  });
  await other.goto(pagePath, { waitUntil: "commit" });
  await expect.poll(() => reads.length).toBe(1);
  release();
  await expect(shown(other)).toBeVisible();
  expect(reads).toHaveLength(1);
  await fresh.close();
}

/** tone.mp3 (2 s of bare MP3 frames) repeated: a longer file for resuming mid-way. */
async function audio(copies: number) {
  const tone = await fs.readFile(fixture("tone.mp3"));
  return Buffer.concat(Array.from({ length: copies }, () => tone));
}

export interface Content {
  _id: string;
  title: string;
}

/** Publishes a content through the back office's API (as the admin); answers its id and title. */
export async function publishContent(
  request: APIRequestContext,
  fields: {
    title: string;
    paymentType: "free" | "paid";
    seconds: 2 | 60 | 90;
    description?: string;
    transcript?: { format: "vtt" | "text"; text: string };
  },
): Promise<Content> {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const upload = async (kind: string, name: string, mimeType: string, buffer: Buffer) => {
    const answer = await request.post(`/api/v1/user/upload?kind=${kind}`, {
      headers,
      multipart: { file: { name, mimeType, buffer } },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()).data.secure_url as string;
  };
  const me = await (await request.get("/api/v1/auth/me", { headers })).json();
  const answer = await request.post("/api/v1/user/resources", {
    headers,
    data: {
      title: fields.title,
      description: fields.description ?? "Breathe in, breathe out: a few calm minutes.",
      moodType: "sad",
      paymentType: fields.paymentType,
      userID: me.data.user._id,
      duration: `${Math.floor(fields.seconds / 60)}:${String(fields.seconds % 60).padStart(2, "0")}`,
      image: await upload("image", "cover.png", "image/png", await fs.readFile(fixture("cover.png"))),
      resourceUrl: await upload("audio", "tone.mp3", "audio/mpeg", await audio(fields.seconds / 2)),
      transcript: fields.transcript,
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return { _id: (await answer.json()).data._id as string, title: fields.title };
}

/**
 * A new listener, signed in on `page` (the session cookie is in the page's context); with a
 * business code, entitled to the paid library, and their address confirmed by the e-mailed link
 * (a code nobody was invited with proves no address).
 */
export async function signUpListener(page: Page, name = "listener", code?: string) {
  const username = handle(name);
  const email = `${username}@listen.example`;
  const signup = await page.request.post("/api/v1/auth/signup", {
    data: { email, password: LISTENER_PASSWORD, username, ageConfirmed: true, mood: "sad", code },
  });
  // The sign-up sets the session cookie, as sign-in does.
  expect(signup.ok(), await signup.text()).toBe(true);
  if (code) {
    const [, token] = await mailMatch(email, /\/listen\/verify\?token=([\w-]+)/);
    const verified = await page.request.post("/api/v1/auth/verify-email", { data: { token } });
    expect(verified.ok(), await verified.text()).toBe(true);
  }
  return { email, username };
}

/**
 * Buys seats on the built-in test checkout (as a business would) and answers the e-mailed codes
 * as the links the e-mail gives them (APP-API.md: `/listen/redeem?code=…`).
 */
export async function buyCodes(page: Page, seats = 5): Promise<string[]> {
  const email = `${handle("buyer")}@company.example`;
  const answer = await page.request.post("/api/v1/user/stripe-payment", {
    data: { email, assignedName: "Calm Company", totalUsers: seats, totalMonths: 12 },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  await page.goto((await answer.json()).data.paymentLink.url);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for Subscription" })).toBeVisible();
  let codes: string[] = [];
  await expect
    .poll(
      async () => {
        const texts = (await mailTo(email)).map((mail) => mail.text).join("\n");
        codes = [...new Set(texts.match(new RegExp(CODE, "g")) ?? [])];
        return codes.length;
      },
      { timeout: 15_000 },
    )
    .toBe(seats);
  return codes.map((code) => `/listen/redeem?code=${code}`);
}

/** The player's position in seconds, as shown (m:ss). */
export async function shownPosition(page: Page): Promise<number> {
  const text = (await page.getByTestId("player-position").textContent()) ?? "0:00";
  const [minutes, seconds] = text.split(":").map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0);
}

/** Starts the item open on the page: one tap on Play, then the mood question (asked beside the audio) dismissed. */
export async function play(page: Page) {
  await page.getByRole("button", { name: "Play", exact: true }).click();
  const player = page.getByRole("dialog");
  // One tap plays; the mood question, when asked, shows beside the playing audio: dismissed here.
  await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
  const skip = player.getByRole("button", { name: "Skip" });
  if (await skip.isVisible()) await skip.click();
  return player;
}
