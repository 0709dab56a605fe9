import { expect, test } from "@playwright/test";
import { expectAxeClean, unique } from "./fixtures";
import { play, publishContent, shownPosition, signUpListener } from "./listen-fixtures";

const lines = [
  "Settle into your seat.",
  "Breathe in slowly.",
  "Let the breath go.",
  "Notice your shoulders.",
  "Let the harbour lights fade.",
  "Rest here a moment.",
];
const clock = (seconds: number) =>
  `00:${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}.000`;
/** One cue every 15 s of a 90 s content. */
const VTT = ["WEBVTT", ""]
  .concat(lines.flatMap((line, i) => [`${clock(i * 15)} --> ${clock(i * 15 + 15)}`, line, ""]))
  .join("\n");

// The player's Transcript view (issue 33): the text alternative of the audio (WCAG 1.2.1).
test("the player's transcript follows the audio, and a line plays from there (mouse and keyboard)", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const timed = await publishContent(page.request, {
    title: unique("Harbour lights"),
    paymentType: "free",
    seconds: 90,
    transcript: { format: "vtt", text: VTT },
  });
  const plain = await publishContent(page.request, {
    title: unique("One breath"),
    paymentType: "free",
    seconds: 2,
    transcript: { format: "text", text: "Breathe in.\nAnd out." },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpListener(page, "reader");
  await page.goto(`/listen/content/${timed._id}`);
  const player = await play(page);
  await player.getByRole("button", { name: "Pause" }).click();
  await player.getByRole("button", { name: "Transcript" }).click();
  const transcript = player.getByRole("list", { name: /^Transcript/ });
  const current = transcript.locator("[aria-current=true]");
  await expect(transcript.getByRole("button")).toHaveCount(6);
  await expect(current).toContainText(lines[0]!);

  // It follows the audio: 30 s on, the third line.
  await player.getByRole("button", { name: "Forward 15 seconds" }).click();
  await player.getByRole("button", { name: "Forward 15 seconds" }).click();
  await expect(current).toContainText(lines[2]!);
  await expectAxeClean(page);
  await page.screenshot({ path: "test-results/listen/transcript-390.png" });

  // A tap on a line plays from its start; so does Enter on it.
  await transcript.getByRole("button", { name: lines[4] }).click();
  await expect.poll(() => shownPosition(page)).toBeGreaterThanOrEqual(60);
  await expect(current).toContainText(lines[4]!);
  await transcript.getByRole("button", { name: lines[1] }).focus();
  await page.keyboard.press("Enter");
  await expect(current).toContainText(lines[1]!);
  expect(await shownPosition(page)).toBeLessThan(30);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAxeClean(page);
  await page.screenshot({ path: "test-results/listen/transcript-1280.png" });

  // Plain text shows as text.
  await player.getByRole("button", { name: "Minimise" }).click();
  await page.goto(`/listen/content/${plain._id}`);
  await page.locator("#main").getByRole("button", { name: "Play", exact: true }).click();
  await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
  await player.getByRole("button", { name: "Transcript" }).click();
  await expect(player.getByRole("region", { name: "Transcript" })).toContainText("Breathe in.\nAnd out.");
});
