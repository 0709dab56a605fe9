// The signed-in tabs Lighthouse measures in (npm run bench:web, lighthouse.mjs): the demo listener's,
// and the demo business buyer's portal, each signed in as a person would be, on the bench's server.
import fs from "node:fs";
import path from "node:path";
import puppeteer from "puppeteer-core";

/** Calls the API as the listener (JSON in and out); answers the parsed answer and its response. */
async function callApi(origin, pathName, { cookie, body } = {}) {
  const response = await fetch(`${origin}/api/v1${pathName}`, {
    method: body ? "POST" : "GET",
    headers: {
      ...(body ? { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${pathName}: ${response.status} ${JSON.stringify(answer)}`);
  return { answer, response };
}

/**
 * The demo listener, signed in (DATA_DIR/demo-listener.txt), entitled with the demo code and past
 * onboarding: answers the sign-in's cookies (Set-Cookie lines) and one content of its home.
 */
export async function demoListener(origin, dataDir) {
  const file = fs.readFileSync(path.join(dataDir, "demo-listener.txt"), "utf8");
  const field = (name) => new RegExp(`^${name}: (\\S+)`, "m").exec(file)?.[1];
  const login = await callApi(origin, "/auth/login", {
    body: { email: field("email"), password: field("password") },
  });
  const setCookies = login.response.headers.getSetCookie();
  const cookie = setCookies.map((line) => line.split(";")[0]).join("; ");
  const code = field("business code to redeem");
  if (code) await callApi(origin, "/app/redeem", { cookie, body: { code } });
  const patch = await fetch(`${origin}/api/v1/app/me`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin", Cookie: cookie },
    body: JSON.stringify({ mood: "happy" }),
  });
  if (!patch.ok) throw new Error(`PATCH /app/me: ${patch.status} ${await patch.text()}`);
  const home = await callApi(origin, "/app/home", { cookie });
  const content = home.answer.data.sections.flatMap((section) => section.items)[0];
  if (!content) throw new Error("the demo listener's home has no content");
  const series = home.answer.data.sections.flatMap((section) => section.series ?? [])[0];
  return {
    setCookies,
    contentPath: `/listen/content/${content._id}`,
    seriesPath: series ? `/listen/series/${series._id}` : undefined,
  };
}

/** A Set-Cookie line as a cookie for puppeteer to set on `origin`. */
function browserCookie(origin, line) {
  const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
  const at = pair.indexOf("=");
  const attribute = (name) =>
    attributes.find((a) => a.toLowerCase().startsWith(name.toLowerCase()))?.split("=")[1];
  const sameSite = attribute("SameSite");
  return {
    name: pair.slice(0, at),
    value: pair.slice(at + 1),
    url: origin,
    path: attribute("Path") ?? "/",
    httpOnly: attributes.some((a) => a.toLowerCase() === "httponly"),
    secure: attributes.some((a) => a.toLowerCase() === "secure"),
    ...(sameSite ? { sameSite: sameSite[0].toUpperCase() + sameSite.slice(1).toLowerCase() } : {}),
  };
}

/**
 * A tab of the browser Lighthouse drives holding the listener's cookies, as after signing in: the
 * session, and the signed-in hint the app's own code reads (sent only as a request header, the
 * hint stays out of document.cookie, and the app would show its sign-in form). Lighthouse measures
 * in it (its storage reset leaves cookies).
 */
export async function listenerTab(chrome, origin, setCookies) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.setCookie(...setCookies.map((line) => browserCookie(origin, line)));
  return { browser, page };
}

/** The demo business's buyer, its portal admin (apps/api/src/demo/people.ts). */
const DEMO_BUYER = "people@calm-company.example";

/** The token of the newest portal sign-in link e-mailed to `email` (DATA_DIR/outbox), or undefined. */
function portalLinkToken(dataDir, email) {
  const outbox = path.join(dataDir, "outbox");
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
  for (const file of files) {
    // Quoted-printable: soft line breaks and =3D for "=".
    const mail = fs
      .readFileSync(path.join(outbox, file), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    // Its To: header names the address, bare or in angle brackets.
    if (!mail.split(/\r?\n/).some((line) => /^to:/i.test(line) && line.includes(email))) continue;
    const token = /\/business\/portal\/signin\?token=([\w-]+)/.exec(mail)?.[1];
    if (token) return token;
  }
  return undefined;
}

/**
 * Signs the demo buyer in to the portal by the e-mailed link, as a buyer does, in a tab of the
 * browser Lighthouse drives; answers that tab (Lighthouse measures in it: the session cookie and the
 * stored sign-in stay, as its storage reset clears caches and service workers, not cookies or
 * localStorage) and the connection to close after.
 */
export async function signInToPortal(chrome, origin, dataDir) {
  await callApi(origin, "/business/portal/link", { body: { email: DEMO_BUYER } });
  let token;
  // Up to a minute: the mail goes out after the answer, slowly on a busy machine.
  for (let tries = 0; !(token = portalLinkToken(dataDir, DEMO_BUYER)); tries++) {
    if (tries === 600) throw new Error(`no portal sign-in link for ${DEMO_BUYER} in ${dataDir}/outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${origin}/business/portal/signin?token=${token}`);
  // Evaluated in the page: the sign-in page moves to the portal once it has stored the sign-in.
  await page.waitForFunction(
    'location.pathname === "/business/portal" && localStorage.getItem("serene-portal") !== null',
  );
  return { browser, page };
}
