import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { publicPagePaths } from "@serene/contract";
import { defaultSiteConfig } from "../app/features/site-config/site-config";
import { mailMatch, mailTo, SITE_LINKS } from "./fixtures";

const CODE = /\b[2-9A-HJKMNP-TV-Z]{4}(?:-[2-9A-HJKMNP-TV-Z]{4}){3}\b/g;

async function siteConfig(request: APIRequestContext) {
  const answer = await request.get("/api/v1/user/site-config");
  expect(answer.ok()).toBe(true);
  const config = (await answer.json()).data as {
    appStoreUrl: string;
    playStoreUrl: string;
    supportEmail: string;
  };
  // The server runs with its own values (playwright.config.ts), not the build's defaults.
  expect(config).toMatchObject(SITE_LINKS);
  return config;
}

/** The build's defaults for what the e2e server configures otherwise: no page may show them. */
const buildDefaults = [
  defaultSiteConfig.supportEmail,
  defaultSiteConfig.appStoreUrl,
  defaultSiteConfig.playStoreUrl,
];

async function signInThroughApi(request: APIRequestContext, email: string, password: string) {
  const answer = await request.post("/api/v1/auth/login", { data: { email, password } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).data.token as string;
}

/**
 * Opens a public page and waits for its page script, which loads after the page's `load` event
 * and marks the page `data-enhanced`. Until then the forms work as plain HTML forms.
 */
async function gotoEnhanced(page: Page, pagePath: string) {
  await page.goto(pagePath);
  await page.locator("html[data-enhanced]").waitFor({ state: "attached" });
}

async function openPlan(page: Page) {
  await gotoEnhanced(page, "/business");
  await page.getByRole("button", { name: "Choose your plan" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Choose your plan" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("business purchase", () => {
  test("a business buys 7 seats with the test checkout, finds its 7 codes in the portal and an employee redeems one", async ({
    page,
    request,
  }) => {
    const email = "people@calm-company.example";
    const dialog = await openPlan(page);
    await expect(dialog.getByLabel("Email")).toBeFocused();

    // The spec's messages, inline, with focus on the first field to fix.
    await dialog.getByRole("button", { name: "Buy Now" }).click();
    await expect(dialog.getByText("Please provide your email address")).toBeVisible();
    await expect(dialog.getByText("Please provide your Business Name")).toBeVisible();
    await expect(dialog.getByLabel("Email")).toBeFocused();

    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Business Name").fill("Calm Company");
    await expect(dialog.getByText("Please provide your email address")).toBeHidden();

    const seats = dialog.getByRole("slider", { name: "Number of employees" });
    await expect(seats).toHaveValue("5");
    await expect(dialog.getByTestId("plan-total")).toHaveText("$249.95");
    await seats.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(seats).toHaveValue("7");
    await expect(dialog.getByTestId("plan-total")).toHaveText("$349.93");

    await dialog.getByRole("button", { name: "Buy Now" }).click();
    // The built-in test checkout of the API, clearly marked as a test.
    const pay = page.getByRole("button", { name: "Pay $349.93" });
    await expect(pay).toBeVisible();
    const stored = await page.evaluate(() => window.sessionStorage.getItem("paymentData"));
    expect(JSON.parse(stored ?? "null")).toEqual({
      assignedName: "Calm Company",
      email,
      totalUsers: 7,
      totalMonths: 12,
    });
    await pay.click();

    await expect(page).toHaveURL(/\/checkout\?/);
    // The address carries the payment session alone: no e-mail, no business name.
    const url = new URL(page.url());
    expect([...url.searchParams.keys()]).toEqual(["session_id"]);
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for Subscription" })).toBeVisible();
    await expect(page.getByText("Each code’s expiry begins when an employee uses it")).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();

    // One e-mail to the business: its seven seats wait in the portal, and it lists no code (each is
    // sent from the portal to one person). The codes, read there, are seven distinct ones.
    await mailMatch(email, /seats are ready in the business portal/);
    expect((await mailTo(email)).filter((mail) => mail.text.match(CODE))).toHaveLength(0);
    await expect(page.getByRole("link", { name: "Go to your portal" })).toBeVisible();
    await request.post("/api/v1/business/portal/link", { data: { email } });
    const [, token] = await mailMatch(email, /\/business\/portal\/signin\?token=([\w-]+)/);
    const session = await request.post("/api/v1/business/portal/session", { data: { token } });
    const { data: signedIn } = (await session.json()) as {
      data: { token: string; businesses: { _id: string }[] };
    };
    const seatList = await request.get(`/api/v1/business/${signedIn.businesses[0]!._id}/seats?state=unsent`, {
      headers: { Authorization: `Bearer ${signedIn.token}` },
    });
    const codes = ((await seatList.json()) as { data: { code: string }[] }).data.map((seat) => seat.code);
    expect(new Set(codes).size).toBe(7);

    // Reloading the page creates no more codes and sends no second e-mail.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for Subscription" })).toBeVisible();
    expect((await mailTo(email)).filter((mail) => /seats are ready/.test(mail.text))).toHaveLength(1);

    // An employee signs up in the app, verifies the address from the welcome e-mail, redeems one code.
    const employee = { email: "employee@calm-company.example", password: "a-quiet-morning-7" };
    const signedUp = await request.post("/api/v1/auth/signup", {
      data: { ...employee, username: "employee", ageConfirmed: true },
    });
    expect(signedUp.ok(), await signedUp.text()).toBe(true);
    let verifyToken = "";
    await expect
      .poll(async () => {
        const link = (await mailTo(employee.email))
          .map((mail) => /\/listen\/verify\?token=([\w-]+)/.exec(mail.text)?.[1])
          .find(Boolean);
        verifyToken = link ?? "";
        return verifyToken.length > 0;
      })
      .toBe(true);
    const verified = await request.post("/api/v1/auth/verify-email", { data: { token: verifyToken } });
    expect(verified.ok(), await verified.text()).toBe(true);
    const employeeToken = await signInThroughApi(request, employee.email, employee.password);
    const redeem = (code: string) =>
      request.post("/api/v1/user/redeem-code", {
        headers: { Authorization: `Bearer ${employeeToken}` },
        data: { code },
      });
    const redeemed = await redeem(codes[0]!);
    expect(redeemed.ok(), await redeemed.text()).toBe(true);
    const { data } = await redeemed.json();
    expect(data.status).toBe("paid");
    const months = (Date.parse(data.expiresAt) - Date.now()) / (30.4 * 24 * 3600 * 1000);
    expect(months).toBeGreaterThan(11.5);
    expect(months).toBeLessThan(12.5);
    // A code redeems once.
    const again = await redeem(codes[0]!);
    expect(again.status()).toBeGreaterThanOrEqual(400);
    expect((await again.json()).status).toBe(false);
  });

  test("the number of employees can be typed as well as slid; a cancelled checkout comes back with a message", async ({
    page,
  }) => {
    const dialog = await openPlan(page);
    const typed = dialog.getByRole("spinbutton", { name: "Number of employees" });
    const slider = dialog.getByRole("slider", { name: "Number of employees" });
    await typed.fill("42");
    await expect(slider).toHaveValue("42");
    await expect(dialog.getByTestId("plan-total")).toHaveText("$2,099.58");
    await slider.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(typed).toHaveValue("41");
    await dialog.getByLabel("Email").fill("people@cancel-company.example");
    await dialog.getByLabel("Business Name").fill("Cancel Company");
    await typed.fill("3");
    await dialog.getByRole("button", { name: "Buy Now" }).click();
    await expect(dialog.getByText("Number of employees must be between 5 and 100")).toBeVisible();
    await expect(typed).toBeFocused();
    await typed.fill("12");
    await dialog.getByRole("button", { name: "Buy Now" }).click();
    await expect(page.getByRole("button", { name: "Pay $599.88" })).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/business\?checkout=cancelled$/);
    await expect(page.getByRole("status").filter({ hasText: "Your checkout was cancelled" })).toBeVisible();
  });

  test("Buy Now shows the failure and returns to idle when the server refuses", async ({ page }) => {
    await page.route("**/api/v1/user/stripe-payment", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ status: false, message: "Payments are paused.", code: "service_unavailable" }),
      }),
    );
    const dialog = await openPlan(page);
    await dialog.getByLabel("Email").fill("people@calm-company.example");
    await dialog.getByLabel("Business Name").fill("Calm Company");
    await dialog.getByRole("button", { name: "Buy Now" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Error occurred!");
    await expect(dialog.getByRole("alert")).toContainText("Payments are paused.");
    await expect(dialog.getByRole("button", { name: "Buy Now" })).toBeEnabled();
    await expect(page).toHaveURL(/\/business$/);
  });

  test("more than 100 employees leads to a demo; Escape closes the plan", async ({ page }) => {
    const { demoBookingUrl } = (await (await page.request.get("/api/v1/user/site-config")).json()).data;
    const dialog = await openPlan(page);
    await dialog.getByLabel("More than 100 employees").check();
    await expect(dialog.getByRole("button", { name: "Buy Now" })).toHaveCount(0);
    await expect(dialog.getByRole("slider", { name: "Number of employees" })).toBeDisabled();
    const demo = dialog.getByRole("link", { name: "Book a free demo" }).first();
    await expect(demo).toHaveAttribute("href", demoBookingUrl);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Choose your plan" }).first()).toBeFocused();
  });

  test("checkout without an e-mail goes to /business; unpaid details are refused", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/business$/);

    await page.goto(
      "/checkout?email=nobody%40nowhere.example&assignedName=Nobody&totalUsers=5&totalMonths=12",
    );
    await expect(page.getByText("The details provided do not exist.")).toBeVisible();
    await expect(page.getByText(/contact our support at/)).toBeVisible();
    await expect(page.getByRole("alert")).not.toBeEmpty();
  });
});

test("the support form validates, sends and confirms", async ({ page }) => {
  const { supportEmail } = await siteConfig(page.request);
  await gotoEnhanced(page, "/support");
  await expect(page.getByRole("link", { name: supportEmail })).toHaveAttribute(
    "href",
    `mailto:${supportEmail}`,
  );

  await page.getByRole("button", { name: "Contact Us" }).click();
  await expect(page.getByText("Please provide your full name")).toBeVisible();
  await expect(page.getByLabel("Full Name")).toBeFocused();
  await expect(page.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Full Name").fill("Jane Rivers");
  await page.getByLabel("Email Address").fill("not-an-address");
  await page.getByLabel("Subject").fill("Sleep stories");
  await page.getByLabel("Message").fill("Could you add more sleep stories set by the sea?");
  await page.getByRole("button", { name: "Contact Us" }).click();
  await expect(page.getByText("Please provide a valid email address")).toBeVisible();
  await expect(page.getByLabel("Email Address")).toBeFocused();

  await page.getByLabel("Email Address").fill("jane@rivers.example");
  await page.getByRole("button", { name: "Contact Us" }).click();
  await expect(page.getByRole("heading", { name: "Message sent" })).toBeFocused();
  await expect(page.getByText(/Thank you, Jane Rivers/)).toBeVisible();
  // The sender gets an acknowledgement.
  await expect.poll(async () => (await mailTo("jane@rivers.example")).length, { timeout: 10_000 }).toBe(1);
});

test("the delete-account form sends a request and explains the 90 days", async ({ page }) => {
  await gotoEnhanced(page, "/delete-account");
  await expect(
    page.getByText("your account will be deleted within 90 days if there is no activity"),
  ).toBeVisible();
  await page.getByRole("button", { name: "Send Request" }).click();
  await expect(page.getByText("Please provide your email address")).toBeVisible();
  await page.getByLabel("Email").fill("leaving@example.com");
  await page.getByLabel("Reason").fill("I use another app now.");
  await page.getByRole("button", { name: "Send Request" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeFocused();
});

test.describe("/host sends each system to its store", () => {
  const systems = [
    {
      name: "iOS",
      store: "App Store",
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    },
    {
      name: "macOS",
      store: "App Store",
      userAgent:
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    },
    {
      // iPadOS asks for desktop pages and says it is a Mac; only its touch screen tells.
      name: "iPadOS",
      store: "App Store",
      hasTouch: true,
      userAgent:
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    },
    {
      name: "Android",
      store: "Google Play",
      userAgent:
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
    },
    {
      name: "Windows",
      store: "Google Play",
      userAgent:
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    },
  ] as const;

  for (const system of systems) {
    test(`${system.name} → ${system.store}`, async ({ browser, request }) => {
      const config = await siteConfig(request);
      const context = await browser.newContext({
        userAgent: system.userAgent,
        hasTouch: "hasTouch" in system && system.hasTouch,
      });
      const page = await context.newPage();
      await page.goto("/host");
      await expect(page.getByText(`You are using ${system.name}.`)).toBeVisible();
      const main = page.getByRole("main");
      const badge = main.getByRole("link", {
        name: new RegExp(`^(Download on the|Get it on) ${system.store}$`),
      });
      await expect(badge).toHaveAttribute(
        "href",
        system.store === "App Store" ? config.appStoreUrl : config.playStoreUrl,
      );
      await context.close();
    });
  }

  test("without JavaScript both stores are offered", async ({ browser }) => {
    // The server's configured links, put into the prerendered HTML by the server.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/host");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Download on the App Store" })).toHaveAttribute(
      "href",
      SITE_LINKS.appStoreUrl,
    );
    await expect(main.getByRole("link", { name: "Get it on Google Play" })).toHaveAttribute(
      "href",
      SITE_LINKS.playStoreUrl,
    );
    await page.goto("/support");
    await expect(page.getByRole("main").getByRole("link", { name: SITE_LINKS.supportEmail })).toHaveAttribute(
      "href",
      `mailto:${SITE_LINKS.supportEmail}`,
    );
    await context.close();
  });
});

test("public pages are prerendered with their content and share tags", async ({ request }) => {
  for (const pagePath of publicPagePaths) {
    const answer = await request.get(pagePath);
    expect(answer.status(), pagePath).toBe(200);
    const html = await answer.text();
    expect(html, pagePath).toMatch(/<h1[^>]*>/);
    expect(html, pagePath).toContain('<meta name="description"');
    expect(html, pagePath).toContain('<meta property="og:image" content="https://');
    expect(html, pagePath).toContain('<link rel="canonical"');
    // Only the public site's code: no back-office kit on these pages.
    expect(html, pagePath).not.toMatch(/mantine/i);
    // The server's support address and store links, not the build's.
    for (const value of buildDefaults) expect(html, pagePath).not.toContain(value);
  }
  const notFound = await request.get("/no-such-page");
  expect(notFound.status()).toBe(404);
  const notFoundHtml = await notFound.text();
  for (const value of buildDefaults) expect(notFoundHtml).not.toContain(value);
  expect(notFoundHtml).toContain(`mailto:${SITE_LINKS.supportEmail}`);
  const home = await (await request.get("/")).text();
  for (const topic of ["Positive thinking", "Remain calm", "Ignite yourself", "Improve focus"]) {
    expect(home).toContain(topic);
  }
  const privacy = await (await request.get("/privacy-policy")).text();
  expect(privacy).toContain("Last updated September 20, 2023");
  expect((await request.get("/sitemap.xml")).ok()).toBe(true);
  expect(await (await request.get("/robots.txt")).text()).toContain("Sitemap:");
});

/** Pages of text and links: prerendered without a single script. */
const staticPages = ["/", "/about", "/resources", "/terms", "/privacy-policy"];
/** The rest: plain HTML pages too, each with one small script of its own, requested after `load`. */
const PAGE_SCRIPT_LOADER =
  /^<script type="module">addEventListener\("load",\(\)=>import\("\/assets\/[\w-]+\.js"\)\)<\/script>$/;

test("public pages ship no React: static pages no script at all, the form pages one small script after load", async ({
  page,
}) => {
  const problems: string[] = [];
  let scripts: { url: string; body: string; bytes: number }[] = [];
  // Each page carries the server's config in its HTML: none asks for it.
  const configRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/site-config")) configRequests.push(`${page.url()}: ${request.url()}`);
  });
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    // The 404 page's own status is reported by the browser; it is the answer expected there.
    const expected404 = page.url().endsWith("/no-such-page") && message.text().includes("404");
    if ((message.type() === "error" || message.type() === "warning") && !expected404)
      problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const sizes = await response.request().sizes();
    scripts.push({ url: response.url(), body: await response.text(), bytes: sizes.responseBodySize });
  });
  for (const pagePath of [...publicPagePaths, "/no-such-page"]) {
    scripts = [];
    const html = await (await page.goto(pagePath))!.text();
    await page.waitForLoadState("networkidle");
    // Data blocks (type="application/json") are not scripts.
    const tags = html.match(/<script(?![^>]*type="application\/json")[^>]*>[^<]*<\/script>/g) ?? [];
    if (staticPages.includes(pagePath) || pagePath === "/no-such-page") {
      expect(tags, pagePath).toEqual([]);
      expect(scripts, pagePath).toEqual([]);
      continue;
    }
    expect(tags, pagePath).toHaveLength(1);
    expect(tags[0], pagePath).toMatch(PAGE_SCRIPT_LOADER);
    expect(
      scripts.map((script) => new URL(script.url).pathname),
      pagePath,
    ).toHaveLength(1);
    // Sent compressed: a few kilobytes, nothing like React.
    expect(scripts[0]!.bytes, pagePath).toBeLessThan(10_000);
    for (const marker of ["mantine-", "QueryClient", "ZodError", "react"]) {
      expect(scripts[0]!.body, `${pagePath}: ${marker}`).not.toContain(marker);
    }
  }
  expect(problems).toEqual([]);
  expect(configRequests).toEqual([]);
  await page.goto("/support");
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms", exact: false }).first().click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(problems).toEqual([]);
});

test.describe("without JavaScript the forms work as plain HTML forms", () => {
  test.use({ javaScriptEnabled: false });

  test("the support form is sent and confirmed by the server's page", async ({ page }) => {
    await page.goto("/support");
    await page.getByLabel("Full Name").fill("Nora Quiet");
    await page.getByLabel("Email Address").fill("nora@quiet.example");
    await page.getByLabel("Subject").fill("No scripts here");
    await page.getByLabel("Message").fill("I browse without JavaScript. Does the form still work?");
    await page.getByRole("button", { name: "Contact Us" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Message sent" })).toBeVisible();
    await expect(page.getByText("Thank you, Nora Quiet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Support" })).toHaveAttribute("href", "/support");
    await expect.poll(async () => (await mailTo("nora@quiet.example")).length, { timeout: 10_000 }).toBe(1);
  });

  test("the browser checks the fields before anything is sent", async ({ page }) => {
    await page.goto("/support");
    await page.getByRole("button", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByLabel("Full Name")).toHaveJSProperty("validity.valueMissing", true);
  });

  test("the delete-account form is sent and confirmed by the server's page", async ({ page }) => {
    await page.goto("/delete-account");
    await page.getByLabel("Email").fill("no-script@example.com");
    await page.getByLabel("Reason").fill("Trying it without JavaScript.");
    await page.getByRole("button", { name: "Send Request" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
    await expect(page.getByText(/no-script@example\.com/)).toBeVisible();
  });

  test("the Plan modal opens, takes the order and goes to the payment page", async ({ page }) => {
    await page.goto("/business");
    await page.getByRole("button", { name: "Choose your plan" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Choose your plan" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Email").fill("no-script@calm-company.example");
    await dialog.getByLabel("Business Name").fill("Quiet Company");
    await dialog.getByRole("spinbutton", { name: "Number of employees" }).fill("7");
    await dialog.getByRole("button", { name: "Buy Now" }).click();
    await expect(page.getByRole("button", { name: "Pay $349.93" })).toBeVisible();
  });
});

test.describe("accessibility (axe-core)", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    for (const pagePath of [...publicPagePaths, "/no-such-page"]) {
      test(`${pagePath} has no violations (${colorScheme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme });
        await page.goto(pagePath);
        await page.waitForLoadState("networkidle");
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(
          violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        ).toEqual([]);
      });
    }
  }

  test("the plan dialog and the checkout result have no violations", async ({ page }) => {
    await openPlan(page);
    await page.getByRole("dialog").getByRole("button", { name: "Buy Now" }).click();
    let { violations } = await new AxeBuilder({ page }).include("dialog").analyze();
    expect(violations.map((v) => v.id)).toEqual([]);

    await page.goto(
      "/checkout?email=nobody%40nowhere.example&assignedName=Nobody&totalUsers=5&totalMonths=12",
    );
    await expect(page.getByText("The details provided do not exist.")).toBeVisible();
    ({ violations } = await new AxeBuilder({ page }).analyze());
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
