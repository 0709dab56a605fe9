import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { TOKEN_STORAGE_KEY } from "@serene/contract";

/** The first admin, created at start by the server the e2e run launches (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN_EMAIL = "admin@serene.test";
export const ADMIN_PASSWORD = "correct-horse-battery";

/**
 * The support address and store links the e2e server is configured with (SUPPORT_EMAIL,
 * APP_STORE_URL, PLAY_STORE_URL): not the web build's defaults, so the journeys prove the server
 * puts its own values into the prerendered pages. With an `&` to be escaped in the HTML, and
 * none containing a default (the journeys check that no page shows one).
 */
export const SITE_LINKS = {
  supportEmail: "help@calm-e2e.test",
  appStoreUrl: "https://apps.apple.com/app/calm-e2e/id118?ct=website&mt=8",
  playStoreUrl: "https://play.google.com/store/apps/details?id=app.calm.e2e&hl=en",
} as const;

/** Fills and sends the sign-in form of /md-login (the page must be open). */
export async function signIn(page: Page, password = ADMIN_PASSWORD) {
  await page.getByLabel("Email", { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs in as the admin and opens `path` in the back office. */
export async function openAsAdmin(page: Page, path: string) {
  await page.goto("/md-login");
  await signIn(page);
  await page.waitForURL(/\/admin$/);
  await page.goto(path);
}

/** Real files the API's own tests upload: covers in each image type and a 2-second mp3. */
const fixturesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../api/src/test-support/fixtures",
);
export const fixture = (name: string) => path.join(fixturesDir, name);

/** A name no other journey (or demo content) uses. */
export const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

/** A short unique handle for users made by one journey. */
export const handle = (name: string) => unique(name).replace(/\s+/g, ".").toLowerCase();

export interface ApiUser {
  _id: string;
  username: string;
  email: string;
}

/** Creates an app user through the API, as the admin signed in on `page`. */
export async function createUser(page: Page, username: string, password = "password-1234") {
  const email = `${username}@example.com`;
  const answer = await page.request.post("/api/v1/user/register", {
    headers: await adminHeaders(page),
    data: { username, email, password, moodType: "happy" },
  });
  expect(answer.ok()).toBe(true);
  return { ...((await answer.json()) as { data: ApiUser }).data, password };
}

/** As that user (signed in through the API), asks to become a host. */
export async function requestToHost(page: Page, user: { email: string; password: string }, reason: string) {
  const login = await page.request.post("/api/v1/auth/login", {
    data: { email: user.email, password: user.password },
  });
  expect(login.ok()).toBe(true);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const answer = await page.request.post("/api/v1/user/host-request", {
    headers: { Authorization: `Bearer ${token}` },
    data: { reason },
  });
  expect(answer.ok()).toBe(true);
  return token;
}

/** Chooses a file through the field's own button, as a person would. */
export async function chooseFile(field: Locator, file: string) {
  const chooser = field.page().waitForEvent("filechooser");
  await field.click();
  await (await chooser).setFiles(fixture(file));
}

/** A toast (Mantine notification) saying `text`. */
export function toast(page: Page, text: string) {
  return page.getByRole("alert").filter({ hasText: text });
}

/** Picks an option of a Mantine select, typing `search` first for a searchable one. */
export async function selectOption(page: Page, select: Locator, option: string, search?: string) {
  await select.click();
  if (search !== undefined) await select.fill(search);
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The Authorization header of the admin signed in on `page`. */
export async function adminHeaders(page: Page) {
  const token = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY);
  return { Authorization: `Bearer ${token}` };
}

/** Creates a content straight through the API, as the admin signed in on `page`; answers its id. */
/** `meta.total` of a list call, as the admin. */
export async function listTotal(page: Page, path: string) {
  const answer = await page.request.get(path, { headers: await adminHeaders(page) });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { meta: { total: number } }).meta.total;
}

export async function createContent(
  page: Page,
  fields: { title: string; moodType: string; paymentType: string; interestID?: string },
) {
  const headers = await adminHeaders(page);
  const upload = async (kind: string, file: string, mimeType: string) => {
    const buffer = await fs.readFile(fixture(file));
    const answer = await page.request.post(`/api/v1/user/upload?kind=${kind}`, {
      headers,
      multipart: { file: { name: file, mimeType, buffer } },
    });
    expect(answer.ok()).toBe(true);
    return ((await answer.json()) as { data: { secure_url: string } }).data.secure_url;
  };
  const me = (await (await page.request.get("/api/v1/auth/me", { headers })).json()) as {
    data: { user: { _id: string } };
  };
  const answer = await page.request.post("/api/v1/user/resources", {
    headers,
    data: {
      ...fields,
      userID: me.data.user._id,
      duration: "0:02",
      image: await upload("image", "cover.png", "image/png"),
      resourceUrl: await upload("audio", "tone.mp3", "audio/mpeg"),
    },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { _id: string } }).data._id;
}

/**
 * A host (made one by the admin signed in on `page`) sends these titles from the app, in a new
 * interest: they wait for review. Answers the host and their Authorization header.
 */
export async function hostSubmits(page: Page, titles: string[], paymentType: "free" | "paid" = "free") {
  const admin = await adminHeaders(page);
  const host = await createUser(page, handle("host"));
  expect((await page.request.post(`/api/v1/user/users/${host._id}/make-host`, { headers: admin })).ok()).toBe(
    true,
  );
  const login = await page.request.post("/api/v1/auth/login", {
    data: { email: host.email, password: host.password },
  });
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  const upload = async (url: string, auth: Record<string, string>, file: string, mimeType: string) => {
    const answer = await page.request.post(url, {
      headers: auth,
      multipart: { file: { name: file, mimeType, buffer: await fs.readFile(fixture(file)) } },
    });
    expect(answer.ok()).toBe(true);
    return ((await answer.json()) as { data: { secure_url: string } }).data.secure_url;
  };
  const interest = await page.request.post("/api/v1/user/interest", {
    headers: admin,
    data: {
      name: unique("Submitted"),
      icon: await upload("/api/v1/user/upload?kind=image", admin, "cover.png", "image/png"),
      position: 1,
    },
  });
  expect(interest.ok()).toBe(true);
  const interestID = ((await interest.json()) as { data: { _id: string } }).data._id;
  for (const title of titles) {
    const answer = await page.request.post("/api/v1/app/host/resources", {
      headers,
      data: {
        title,
        description: "Ten slow minutes before sleep.",
        image: await upload("/api/v1/app/uploads?kind=image", headers, "cover.png", "image/png"),
        resourceUrl: await upload("/api/v1/app/uploads?kind=audio", headers, "tone.mp3", "audio/mpeg"),
        interestID,
        moodType: "sad",
        paymentType,
      },
    });
    expect(answer.status()).toBe(201);
  }
  return { host, headers };
}

/** The server's data directory, created by playwright.config.ts; e-mail lands in its outbox. */
function outboxDir(): string {
  const dataDir = process.env.SERENE_E2E_DATA_DIR;
  if (!dataDir) throw new Error("SERENE_E2E_DATA_DIR is not set: run the tests through playwright.config.ts");
  return path.join(dataDir, "outbox");
}

/** The plain-text part of a raw .eml message, decoded (quoted-printable or base64). */
function plainText(raw: string): string {
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = part.slice(0, split);
    const body = part.slice(split).trim();
    if (!/content-type:\s*text\/plain/i.test(head)) continue;
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
    if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    if (encoding === "quoted-printable") {
      const bytes = body
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    }
    return body;
  }
  return raw;
}

export interface Mail {
  file: string;
  raw: string;
  text: string;
}

/** Every message in the server's outbox. */
export async function outbox(): Promise<Mail[]> {
  const dir = outboxDir();
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    files
      .filter((file) => file.endsWith(".eml"))
      .map(async (file) => {
        const raw = await fs.readFile(path.join(dir, file), "utf8");
        return { file, raw, text: plainText(raw) };
      }),
  );
}

/** Messages addressed to `to` (in the To header). */
export async function mailTo(to: string): Promise<Mail[]> {
  const headerTo = (raw: string) => /^To:(.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? "";
  return (await outbox()).filter((mail) => headerTo(mail.raw).toLowerCase().includes(to.toLowerCase()));
}

/** The first message to `to` whose text matches `pattern`, waited for; answers the match. */
export async function mailMatch(to: string, pattern: RegExp) {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(
      async () => {
        found = (await mailTo(to)).map((mail) => pattern.exec(mail.text)).find(Boolean) ?? null;
        return found !== null;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found! as RegExpExecArray;
}

/** A subscription code as the e-mails give it (four groups of four). */
export const SEAT_CODE = /\b[2-9A-HJKMNP-TV-Z]{4}(?:-[2-9A-HJKMNP-TV-Z]{4}){3}\b/;

/** The password of the listeners `verifiedListener` makes. */
export const LISTENER_PASSWORD = "a-quiet-morning-7";

/** A listener with a verified address, made and signed in through the API: answers their token. */
export async function verifiedListener(request: APIRequestContext, email: string, username: string) {
  const password = LISTENER_PASSWORD;
  const signedUp = await request.post("/api/v1/auth/signup", {
    data: { email, password, username, ageConfirmed: true },
  });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  const [, token] = await mailMatch(email, /\/listen\/verify\?token=([\w-]+)/);
  expect((await request.post("/api/v1/auth/verify-email", { data: { token } })).ok()).toBe(true);
  const login = await request.post("/api/v1/auth/login", { data: { email, password } });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/**
 * Axe on the whole page once its transitions have ended (a dialog fading in has, for a moment, text
 * of too little contrast; a spinner's endless animation is not waited for): no violations, each
 * named with the elements it found.
 */
export async function expectAxeClean(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Opens a section of the business portal by its navigation (on a phone, through its menu first). */
export async function portalSection(page: Page, name: string) {
  const menu = page.getByRole("button", { name: "Open navigation" });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole("navigation", { name: "Portal sections" })
    .getByRole("link", { name, exact: true })
    .click();
}

/** The rows of the portal's seats list: a table's rows on a desktop, its cards on a phone. */
export function portalSeatRows(page: Page) {
  return page.getByRole("region", { name: "Seats" }).locator('tbody tr, ul[aria-label="Seats"] > li');
}

/** A business of 5 seats bought and paid through the API, as Serene's own /business page buys. */
export async function paidBusiness(request: APIRequestContext, buyer: string, name: string) {
  const started = await request.post("/api/v1/user/stripe-payment", {
    // As Serene's own page asks: the seats wait in the portal (the purchase e-mail lists no codes).
    data: { email: buyer, assignedName: name, totalUsers: 5, totalMonths: 12, sessionReturn: true },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { purchaseId } = (await started.json()).data as { purchaseId: string };
  const paid = await request.post(`/api/v1/user/test-checkout/${purchaseId}/pay`, {
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    data: "",
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  expect(
    (await request.post("/api/v1/user/create-coupons", { data: { session_id: `test_${purchaseId}` } })).ok(),
  ).toBe(true);
}

/**
 * Holds the page's requests matching `glob` (by default its scripts), as on a slow network, until
 * the returned `release` is called; a held request then goes on to any other route that matches it.
 */
export async function holdRequests(page: Page, glob = "**/assets/*.js") {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(glob, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}
