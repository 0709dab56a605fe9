import fs from "node:fs/promises";
import { type BrowserContextOptions, expect, test } from "@playwright/test";
import { adminToken, signUpListener } from "./listen-fixtures";
import { chooseFile, expectAxeClean, fixture, mailMatch, selectOption, toast, unique } from "./fixtures";

/**
 * Issue 33 §1, the host's area in /listen: a listener asks to host, is approved, uploads (with
 * the bytes sent and the length read from the file), is declined with feedback, opens the
 * e-mail's link, edits, adds a transcript and resubmits; the staff's history names what changed.
 * Then the host's pages on a phone.
 */
test.describe.configure({ mode: "serial" });

/** What the journey leaves for the phone check: the host's session and their content. */
let host: { storageState: BrowserContextOptions["storageState"]; contentId: string } | undefined;

test("a listener becomes a host, uploads, is declined, resubmits from the e-mail's link, and is published", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const admin = { Authorization: `Bearer ${await adminToken(page.request)}` };
  const asAdmin = async (method: "get" | "post", path: string, data?: object) => {
    const answer = await page.request[method](`/api/v1/user${path}`, { headers: admin, data });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()) as { data: never };
  };
  const icon = await page.request.post("/api/v1/user/upload?kind=image", {
    headers: admin,
    multipart: {
      file: { name: "cover.png", mimeType: "image/png", buffer: await fs.readFile(fixture("cover.png")) },
    },
  });
  const interest = unique("Evening");
  const created = await asAdmin("post", "/interest", {
    name: interest,
    icon: (await icon.json()).data.secure_url,
    position: 1,
  });
  const interestID = (created.data as { _id: string })._id;

  // Become a host, from the account page.
  const { email } = await signUpListener(page, "host");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/listen/account");
  await page.getByRole("button", { name: "Become a host" }).click();
  await page
    .getByLabel("Why would you like to host?")
    .fill("I lead a weekly breathing circle at the library.");
  await page.getByRole("button", { name: "Send my request" }).click();
  await expect(page.getByTestId("host-request-state")).toHaveText("Asked");

  const pending = (await asAdmin("get", "/host-requests")).data as { _id: string; email: string }[];
  await asAdmin("post", `/host-requests/${pending.find((r) => r.email === email)!._id}/approve`);
  await page.reload();
  await expect(page.getByTestId("host-request-state")).toHaveText("Approved");
  await page.getByRole("link", { name: "Upload" }).click();

  // Upload: the files show the bytes sent, the audio its length before saving.
  await page.getByLabel("Title").fill("Slow Evening");
  await page.getByLabel("Description").fill("Ninety seconds to settle.");
  await chooseFile(page.getByRole("button", { name: "Cover", exact: true }), "cover.png");
  await chooseFile(page.getByRole("button", { name: "Audio (MP3)", exact: true }), "ninety-seconds.mp3");
  await expect(page.getByTestId("audio-length")).toContainText("Length: 1 min 30 s, measured from the file");
  await expect(page.getByTestId("upload-progress").last()).toHaveText(/^\d+ KB of \d+ KB · 100%$/);
  await selectOption(page, page.getByRole("combobox", { name: "Mood" }), "Sad");
  await selectOption(page, page.getByRole("combobox", { name: "Interest" }), interest, interest);
  await expectAxeClean(page);
  await page.getByRole("button", { name: "Send for review" }).click();
  await expect(page).toHaveURL(/\/listen\/host\/content\/[\w-]+$/);
  await expect(page.getByText("Waiting for review").first()).toBeVisible();
  const id = page.url().split("/").at(-1)!;

  // Declined with feedback: the e-mail links to the item's page.
  const feedback = "Lovely voice. Please add a transcript, and say it is for the evening in the title.";
  await asAdmin("post", `/resources/${id}/decline`, { feedback });
  await page.goto("/listen/host");
  const declined = page.getByRole("listitem").filter({ hasText: "Slow Evening" });
  await expect(declined.getByTestId("review-state")).toHaveText("Declined");
  await expect(declined.getByTestId("host-feedback")).toHaveText(feedback);
  await expect(declined.getByRole("button", { name: "Resubmit Slow Evening" })).toBeVisible();
  const [link] = await mailMatch(email, new RegExp(`http://[^\\s]+/listen/host/content/${id}`));
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Slow Evening" })).toBeVisible();
  await expect(page.getByTestId("host-feedback")).toHaveText(feedback);
  await expectAxeClean(page);
  await page.getByLabel("Title").fill("Slow Evening, before sleep");
  await page.getByText("WebVTT", { exact: true }).click();
  await page
    .getByLabel("Transcript text")
    .fill(
      "WEBVTT\n\n00:00.000 --> 00:05.000\nLet the day settle.\n\n00:05.000 --> 00:10.000\nBreathe out slowly.\n",
    );
  await page.getByRole("button", { name: "Save and resubmit" }).click();
  await expect(toast(page, "Sent for review again.")).toBeVisible();
  await expect(page.getByTestId("review-state")).toHaveText("Waiting for review");

  // The staff's history names what changed; approved, the host sees it published.
  const history = (await asAdmin("get", `/resources/${id}/history`)).data as {
    action: string;
    changed: string[];
  }[];
  expect(history.map((step) => step.action)).toEqual(["submitted", "declined", "resubmitted"]);
  expect(history.at(-1)!.changed).toEqual(["title", "transcript"]);
  await asAdmin("post", `/resources/${id}/approve`);
  await page.goto("/listen/host");
  const item = page.getByRole("listitem").filter({ hasText: "Slow Evening, before sleep" });
  await expect(item.getByTestId("review-state")).toHaveText("Published");
  await expect(item.getByTestId("host-figures")).toContainText("0 plays");

  // A second submission, declined: Resubmit on My content sends it back, then the host withdraws it.
  const upload = async (kind: "image" | "audio", name: string, mimeType: string) => {
    const sent = await page.request.post(`/api/v1/app/uploads?kind=${kind}`, {
      multipart: { file: { name, mimeType, buffer: await fs.readFile(fixture(name)) } },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    return ((await sent.json()) as { data: { secure_url: string } }).data.secure_url;
  };
  const second = await page.request.post("/api/v1/app/host/resources", {
    data: {
      title: "Morning Draft",
      description: "A first try.",
      image: await upload("image", "cover.png", "image/png"),
      resourceUrl: await upload("audio", "tone.mp3", "audio/mpeg"),
      interestID,
      moodType: "happy",
      paymentType: "free",
    },
  });
  expect(second.status(), await second.text()).toBe(201);
  await asAdmin(
    "post",
    `/resources/${((await second.json()) as { data: { _id: string } }).data._id}/decline`,
    {
      feedback: "Please try again.",
    },
  );
  await page.reload();
  const draft = page.getByRole("listitem").filter({ hasText: "Morning Draft" });
  await draft.getByRole("button", { name: "Resubmit Morning Draft" }).click();
  await expect(toast(page, '"Morning Draft" was sent for review again.')).toBeVisible();
  await expect(draft.getByTestId("review-state")).toHaveText("Waiting for review");
  // Waiting again, its feedback is said to be the earlier review's.
  await expect(draft).toContainText("The last review's feedback");
  await expect(draft.getByTestId("host-feedback")).toHaveText("Please try again.");
  await draft.getByRole("button", { name: "Withdraw Morning Draft" }).click();
  const confirm = page.getByRole("dialog", { name: "Withdraw “Morning Draft”?" });
  await expect(confirm).toContainText("This cannot be undone");
  await expectAxeClean(page);
  await page.screenshot({ path: test.info().outputPath("withdraw-1280.png") });
  await confirm.getByRole("button", { name: "Withdraw" }).click();
  await expect(toast(page, '"Morning Draft" was withdrawn.')).toBeVisible();
  await expect(draft).toHaveCount(0);
  host = { storageState: await page.context().storageState(), contentId: id };
});

test("the host's pages on a phone: axe clean, nothing wider than the screen", async ({ browser }) => {
  const context = await browser.newContext({
    storageState: host!.storageState,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  for (const path of [
    "/listen/host",
    "/listen/host/new",
    `/listen/host/content/${host!.contentId}`,
    "/listen/account",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAxeClean(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
  await context.close();
});
