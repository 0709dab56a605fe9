import fs from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { adminHeaders, createUser, fixture, handle, mailTo, openAsAdmin, toast, unique } from "./fixtures";

test.describe.configure({ timeout: 90_000 });

/** A host (made one by the admin signed in on `page`) sends content from the app: it waits for review. */
async function hostSubmits(page: Page, title: string) {
  const host = await createUser(page, handle("host"));
  const made = await page.request.post(`/api/v1/user/users/${host._id}/make-host`, {
    headers: await adminHeaders(page),
  });
  expect(made.ok()).toBe(true);
  const login = await page.request.post("/api/v1/auth/login", {
    data: { email: host.email, password: host.password },
  });
  const headers = {
    Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}`,
  };
  const upload = async (kind: string, file: string, mimeType: string) => {
    const answer = await page.request.post(`/api/v1/app/uploads?kind=${kind}`, {
      headers,
      multipart: { file: { name: file, mimeType, buffer: await fs.readFile(fixture(file)) } },
    });
    expect(answer.ok()).toBe(true);
    return ((await answer.json()) as { data: { secure_url: string } }).data.secure_url;
  };
  const admin = await adminHeaders(page);
  const icon = await page.request.post("/api/v1/user/upload?kind=image", {
    headers: admin,
    multipart: {
      file: { name: "cover.png", mimeType: "image/png", buffer: await fs.readFile(fixture("cover.png")) },
    },
  });
  const interest = await page.request.post("/api/v1/user/interest", {
    headers: admin,
    data: {
      name: unique("Review"),
      icon: ((await icon.json()) as { data: { secure_url: string } }).data.secure_url,
      position: 1,
    },
  });
  expect(interest.ok()).toBe(true);
  const interestID = ((await interest.json()) as { data: { _id: string } }).data._id;
  const answer = await page.request.post("/api/v1/app/host/resources", {
    headers,
    data: {
      title,
      description: "Ten slow minutes before sleep.",
      image: await upload("image", "cover.png", "image/png"),
      resourceUrl: await upload("audio", "tone.mp3", "audio/mpeg"),
      interestID,
      moodType: "sad",
      paymentType: "paid",
    },
  });
  expect(answer.status()).toBe(201);
  return { host, headers };
}

test("an admin opens Pending review from the sidebar, declines a submission with feedback, and it leaves the queue", async ({
  page,
}) => {
  await openAsAdmin(page, "/admin");
  const title = unique("Night Rain");
  const { host, headers } = await hostSubmits(page, title);
  await page.reload();

  // The sidebar counts what waits; the dashboard says so too.
  const queue = page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: /^Pending review \(\d+\)$/ });
  await expect(queue).toBeVisible();
  const waiting = Number((await queue.textContent())?.match(/\((\d+)\)/)?.[1]);
  expect(waiting).toBeGreaterThan(0);
  await expect(page.getByText(new RegExp(`^${waiting} submissions? waiting for review$`))).toBeVisible();

  await queue.click();
  await expect(page).toHaveURL(/\/admin\/contentPage\?reviewState=pending$/);
  await expect(page.getByRole("combobox", { name: "Review state" })).toHaveValue("Pending review");
  await expect(page.getByRole("status")).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.getByRole("link", { name: `Review ${title}` }).click();
  await expect(page).toHaveURL(/\/admin\/contentPage\/[0-9a-f-]+\/review$/);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  // Its audio plays here (signed for the back office, though the content is paid).
  const audio = page.locator("audio").first();
  const src = await audio.getAttribute("src");
  expect((await page.request.get(src!)).status()).toBe(200);
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByRole("status")).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Declining asks for feedback first.
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByText("Write feedback for the uploader")).toBeVisible();
  const feedback = "The rain drowns the voice: please lower it and send it again.";
  await page.getByLabel("Feedback to the uploader").fill(feedback);
  await page.getByRole("button", { name: "Decline" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Decline" }).click();
  await expect(toast(page, "Content declined")).toBeVisible();

  // Back in the queue, without it; the count went down.
  await expect(page).toHaveURL(/\/admin\/contentPage\?reviewState=pending$/);
  await expect(page.getByRole("link", { name: `Review ${title}` })).toHaveCount(0);
  await expect(
    page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: `Pending review (${waiting - 1})` }),
  ).toBeVisible();

  // The host sees the decision and the feedback in the app, and got it by e-mail.
  const mine = await page.request.get("/api/v1/app/host/resources", { headers });
  const item = (
    (await mine.json()) as { data: { title: string; reviewState: string; feedback: string }[] }
  ).data.find((r) => r.title === title);
  expect(item).toMatchObject({ reviewState: "declined", feedback });
  await expect
    .poll(async () =>
      (await mailTo(host.email)).some((m) => m.text.includes(feedback) && m.text.includes(title)),
    )
    .toBe(true);
});
