import { formatUsd, PRICE_PER_SEAT_CENTS } from "@serene/contract";
import type { PurchaseRow } from "./purchases.repository.ts";

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/**
 * The page's own policy: nothing loads from anywhere, only inline styles; the form may post to
 * this server and follow the redirect to the site's /checkout page.
 */
export function testCheckoutCsp(siteOrigin: string) {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src data:",
    `form-action 'self' ${siteOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

const STYLE = `
:root { color-scheme: light dark; --bg: #f4f1ec; --card: #ffffff; --text: #2d2a26; --muted: #6b655d;
  --accent: #3f6f64; --accent-text: #ffffff; --line: #e6e0d6; --banner: #fff4d6; --banner-text: #6a4b00; }
@media (prefers-color-scheme: dark) { :root { --bg: #1c1b19; --card: #262421; --text: #f1ede6; --muted: #b5ada2;
  --accent: #8cc4b5; --accent-text: #10201c; --line: #3a3631; --banner: #3d3316; --banner-text: #f5dc9a; } }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: var(--bg); color: var(--text);
  font: 17px/1.6 -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
  display: flex; align-items: center; justify-content: center; padding: 24px 16px; }
main { width: 100%; max-width: 460px; }
.banner { background: var(--banner); color: var(--banner-text); border-radius: 12px; padding: 12px 16px;
  font-weight: 600; text-align: center; margin-bottom: 16px; }
.card { background: var(--card); border-radius: 20px; padding: 28px; box-shadow: 0 10px 30px rgba(0,0,0,.06); }
.brand { color: var(--accent); font-weight: 700; font-size: 20px; margin: 0 0 4px; }
h1 { font-size: 24px; margin: 0 0 20px; font-weight: 600; }
dl { margin: 0 0 20px; }
.row { display: flex; justify-content: space-between; gap: 16px; padding: 10px 0; border-bottom: 1px solid var(--line); }
dt { color: var(--muted); } dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
.total { font-size: 20px; font-weight: 700; border-bottom: 0; }
.actions { display: flex; flex-direction: column; gap: 12px; margin-top: 8px; }
button, .cancel { font: inherit; font-weight: 600; border-radius: 999px; padding: 14px 20px; text-align: center;
  text-decoration: none; cursor: pointer; width: 100%; }
button { background: var(--accent); color: var(--accent-text); border: 0; }
.cancel { color: var(--text); border: 1px solid var(--line); background: transparent; }
button:focus-visible, .cancel:focus-visible { outline: 3px solid var(--accent); outline-offset: 3px; }
form { display: flex; flex-direction: column; gap: 6px; }
label { font-weight: 600; font-size: 15px; } .hint { color: var(--muted); font-weight: 400; }
input, textarea { font: inherit; color: var(--text); background: transparent; border: 1px solid var(--line);
  border-radius: 10px; padding: 10px 12px; margin-bottom: 8px; width: 100%; }
input:focus-visible, textarea:focus-visible { outline: 3px solid var(--accent); outline-offset: 1px; }
.note { color: var(--muted); font-size: 14px; margin: 16px 0 0; text-align: center; }
`;

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note">Test mode — no real payment is taken</p>
<div class="card">
<p class="brand">Serene</p>
${body}
</div>
</main>
</body>
</html>`;
}

/** The built-in test checkout: a calm payment page that plainly says it is a test. */
export function testCheckoutPage(
  p: PurchaseRow,
  opts: { payAction: string; cancelUrl: string; doneUrl: string },
) {
  const details = `<dl>
<div class="row"><dt>Business</dt><dd>${escapeHtml(p.assignedName)}</dd></div>
<div class="row"><dt>Receipt sent to</dt><dd>${escapeHtml(p.email)}</dd></div>
<div class="row"><dt>Employees</dt><dd>${p.totalUsers} × ${formatUsd(PRICE_PER_SEAT_CENTS)}</dd></div>
<div class="row"><dt>Length</dt><dd>${p.totalMonths} months from each code's redemption</dd></div>
<div class="row total"><dt>Total</dt><dd>${formatUsd(p.amountCents)}</dd></div>
</dl>`;
  if (p.state === "paid") {
    return page(
      "Already paid — Serene",
      `<h1>This purchase is paid</h1>${details}<div class="actions"><a class="cancel" href="${escapeHtml(opts.doneUrl)}">Continue</a></div>`,
    );
  }
  return page(
    "Checkout (test mode) — Serene",
    `<h1>Complete your purchase</h1>${details}
<div class="actions">
<form method="post" action="${escapeHtml(opts.payAction)}">
<label for="address">Billing address <span class="hint">(optional, printed on the invoice)</span></label>
<textarea id="address" name="address" rows="2" maxlength="500" autocomplete="street-address"></textarea>
<label for="taxId">Tax ID <span class="hint">(optional, e.g. a VAT number)</span></label>
<input id="taxId" name="taxId" maxlength="50" autocomplete="off">
<button type="submit">Pay ${formatUsd(p.amountCents)}</button>
</form>
<a class="cancel" href="${escapeHtml(opts.cancelUrl)}">Cancel</a>
</div>
<p class="note">This server has no payment provider configured, so this page stands in for one. Paying here marks the purchase paid without charging anything.</p>`,
  );
}
