import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Locator, type Page } from "@playwright/test";
import { TOKEN_STORAGE_KEY } from "@serene/contract";

/** The first admin, created at start by the server the e2e run launches (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN_EMAIL = "admin@serene.test";
export const ADMIN_PASSWORD = "correct-horse-battery";

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
