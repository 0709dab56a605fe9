import { expect, test } from "@playwright/test";

/** The CSP violations a page reports (its own event, and Chromium's console lines about it). */
test("the main pages run under their Content-Security-Policy without a violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  for (const [path, ready] of [
    ["/", "main"],
    ["/business", "main"],
    ["/listen", "input[type=email]"],
    ["/md-login", "input[type=email]"],
    ["/admin", "input[type=email]"],
  ] as const) {
    const answer = await page.goto(path);
    const csp = (await answer!.allHeaders())["content-security-policy"] ?? "";
    expect(csp, path).toMatch(/script-src 'self'/);
    expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The page's code ran: what it renders is there, and nothing more is loading.
    await expect(page.locator(ready).first(), path).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(violations, path).toEqual([]);
  }
});
