import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { unique } from "./fixtures";
import { publishContent, signUpListener } from "./listen-fixtures";

const viewports = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

// Every screen of the listener app, at phone and desktop size, light and dark: a screenshot to
// look at (test-results/listen-screens/) and no axe violations.
test("every /listen screen has no axe violations, in both sizes and both colour schemes", async ({
  page,
}) => {
  test.setTimeout(420_000);
  const content = await publishContent(page.request, {
    title: unique("Evening wind-down"),
    paymentType: "paid",
    seconds: 2,
  });
  const signedOut = [
    "/listen/signin",
    "/listen/signup",
    "/listen/forgot",
    "/listen/reset?token=x",
    "/listen/verify",
  ];
  for (const path of signedOut) await shoot(path, "signed-out");
  await signUpListener(page, "looker");
  const signedIn = [
    "/listen/welcome",
    "/listen",
    "/listen/search",
    `/listen/content/${content._id}`,
    "/listen/library",
    "/listen/library?tab=downloads",
    "/listen/library?tab=stats",
    "/listen/inbox",
    "/listen/account",
    "/listen/redeem",
  ];
  for (const path of signedIn) await shoot(path, "signed-in");

  async function shoot(path: string, group: string) {
    for (const viewport of viewports) {
      for (const colorScheme of ["light", "dark"] as const) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await expect(page.getByRole("status").filter({ hasText: "Loading" })).toHaveCount(0);
        const name = `${group}${path.replace(/[/?=&]+/g, "-")}-${viewport.name}-${colorScheme}.png`;
        await page.screenshot({ path: `test-results/listen-screens/${name}`, fullPage: true });
        const results = await new AxeBuilder({ page }).analyze();
        expect
          .soft(
            results.violations.map(
              (v) => `${colorScheme} ${viewport.name} ${path}: ${v.id} ${v.nodes[0]?.target}`,
            ),
          )
          .toEqual([]);
      }
    }
  }
});
