import { expect, test } from "@playwright/test";
import { expectAxeClean, mailMatch, paidBusiness, portalSection, SEAT_CODE, toast } from "./fixtures";

// The staff list (issue 32, eligibility sync) in the portal: a CSV checked first (the dry run says
// who is invited, who is already in, who loses the seat and when, and which lines are wrong),
// applied after a confirmation naming the consequence, the pending removal cancelled. Photographed
// at 1280 and 390 px (test-results/portal-<device>-staff-list*.png) and checked by axe.

test("the staff list: dry run, apply after a confirmation, a pending removal cancelled; desktop and phone", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const at = (person: string) => `${person}@staff-list.example`;
  const buyer = at("hr");
  await paidBusiness(request, buyer, "Staff List Ltd");
  await request.post("/api/v1/business/portal/link", { data: { email: buyer } });
  const [link] = await mailMatch(buyer, /http\S+\/business\/portal\/signin\?token=[\w-]+/);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Staff List Ltd" })).toBeVisible({
    timeout: 20_000,
  });

  // Three people hold an invitation; the staff list keeps two, drops Cy and adds Dee and Eve.
  await portalSection(page, "Invite");
  await page.getByLabel("E-mail addresses").fill(["ana", "ben", "cy"].map(at).join("\n"));
  await page.getByRole("button", { name: "Send invitations" }).click();
  await expect(toast(page, "3 invitations sent.")).toBeVisible();
  await mailMatch(at("cy"), SEAT_CODE);

  await portalSection(page, "Staff list");
  await expect(page).toHaveURL(/\/business\/portal\/eligibility$/);
  const csv = [
    "email,name",
    `${at("ana")},Ana`,
    `${at("ben")},Ben`,
    "",
    "dee(at)staff-list,Dee",
    `${at("dee")},Dee`,
  ];
  csv.push(`${at("eve")},Eve`);
  const chooser = page.waitForEvent("filechooser");
  await page.getByLabel("Staff list (CSV)").click();
  await (
    await chooser
  ).setFiles({ name: "staff.csv", mimeType: "text/csv", buffer: Buffer.from(csv.join("\n")) });
  await page.getByLabel("Grace period (days)").fill("7");
  await page.getByRole("button", { name: "Check the list" }).click();

  const dry = page.getByRole("region", { name: "Dry run: what the staff list would do" });
  await expect(dry).toBeVisible();
  const freesOn = new Date(Date.now() + 7 * 24 * 3600_000).toLocaleDateString("en-US", { timeZone: "UTC" });
  await expect(dry.getByText("To invite").locator("..")).toContainText("2");
  await expect(dry.getByText("Already in").locator("..")).toContainText("2");
  await expect(dry.getByRole("listitem").filter({ hasText: at("dee") })).toBeVisible();
  await expect(dry.getByText(`${at("cy")}: seat freed on ${freesOn}`)).toBeVisible();
  await expect(dry.getByRole("table", { name: "Lines with errors" }).getByRole("row").nth(1)).toContainText(
    "5dee(at)staff-listnot a valid e-mail address",
  );
  await page.screenshot({ path: "test-results/portal-desktop-staff-list-dry-run.png", fullPage: true });
  await expectAxeClean(page);

  // Applied after a confirmation that names the consequence.
  await page.getByRole("button", { name: "Apply the staff list" }).click();
  const confirm = page.getByRole("dialog", { name: "Apply this staff list?" });
  await expect(confirm).toContainText("2 people get an invitation by e-mail now.");
  await expect(confirm).toContainText(`1 person loses their seat on ${freesOn}`);
  await confirm.getByRole("button", { name: "Apply the staff list" }).click();
  await expect(toast(page, "Staff list applied: 2 people invited, 1 seat to be freed.")).toBeVisible();
  await mailMatch(at("eve"), SEAT_CODE);
  const removals = page.getByRole("region", { name: "Pending removals" });
  await expect(removals.getByText(at("cy"))).toBeVisible();

  // On a phone: the same section, clean; the removal cancelled there.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/portal-phone-staff-list.png", fullPage: true });
  await expectAxeClean(page);
  await removals.getByRole("button", { name: `Cancel the removal of ${at("cy")}` }).click();
  await expect(toast(page, `Removal cancelled: ${at("cy")} keeps the seat.`)).toBeVisible();
  await expect(removals.getByText("No pending removals")).toBeVisible();
});
