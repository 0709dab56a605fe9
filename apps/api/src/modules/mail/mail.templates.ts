import { formatUsd, SUBSCRIPTION_MONTHS } from "@serene/contract";

/** The subject and both parts of one e-mail. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** Paragraphs of plain text as HTML, line breaks kept. */
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");

/** "March 3, 2027": a day as every e-mail and message writes it. */
export const longDate = (date: Date) =>
  date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** The calm frame every message shares: one column, soft background, one accent colour. */
export function layout(title: string, body: string, footer: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f1ec;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#2d2a26">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f1ec;padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="font-size:20px;font-weight:600;color:#3f6f64;padding-bottom:16px">Serene</td></tr>
<tr><td style="font-size:16px;line-height:1.6">
<h1 style="font-size:22px;font-weight:600;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
</td></tr>
<tr><td style="font-size:13px;line-height:1.5;color:#6b655d;padding-top:24px;border-top:1px solid #ece7df">${footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

export const helpFooter = (supportEmail: string) =>
  `Questions? Write to <a href="mailto:${escapeHtml(supportEmail)}" style="color:#3f6f64">${escapeHtml(supportEmail)}</a>.`;

/** The reference a sender is given for a support message: the first 8 hex digits of its id. */
export const supportReference = (id: string) => id.replace(/-/g, "").slice(0, 8).toUpperCase();

export function supportToTeam(m: {
  fullName: string;
  email: string;
  subject: string;
  message: string;
  id: string;
}): MailContent {
  const subject = `Support: ${m.subject}`;
  const text = [
    `New message from the support form, reference ${supportReference(m.id)} (#${m.id}).`,
    "",
    `From: ${m.fullName} <${m.email}>`,
    `Subject: ${m.subject}`,
    "",
    m.message,
    "",
    "Reply to this e-mail to answer the sender. The message is also in the back office.",
  ].join("\n");
  const html = layout(
    m.subject,
    `<p style="margin:0 0 16px;color:#6b655d">From <strong>${escapeHtml(m.fullName)}</strong> &lt;${escapeHtml(m.email)}&gt;</p>
<div style="background:#f8f6f2;border-radius:12px;padding:16px 16px 0">${paragraphs(m.message)}</div>`,
    `Message ${supportReference(m.id)} (#${escapeHtml(m.id)}) from the support form. Reply to this e-mail to answer the sender.`,
  );
  return { subject, text, html };
}

/**
 * To whatever address the support form names, so it carries nothing the sender wrote (no name,
 * subject or message): only that a message arrived, and its reference.
 */
export function supportAcknowledgement(m: { id: string; supportEmail: string }): MailContent {
  const subject = `We received your message (reference ${supportReference(m.id)})`;
  const text = [
    "Hello,",
    "",
    "Thank you for writing to Serene. We received your message and will reply to this address, usually within two working days.",
    "",
    `Your reference: ${supportReference(m.id)}`,
    "",
    `If you need to add something, write to ${m.supportEmail} with this reference.`,
    "",
    "Take care,",
    "The Serene team",
  ].join("\n");
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hello,</p>
<p style="margin:0 0 16px">Thank you for writing to Serene. We received your message and will reply to this address, usually within two working days.</p>
<p style="margin:0 0 16px">Your reference: <strong>${supportReference(m.id)}</strong></p>
<p style="margin:0">Take care,<br>The Serene team</p>`,
    helpFooter(m.supportEmail),
  );
  return { subject, text, html };
}

/**
 * The back office's reply to a support message, to its sender: the reply, then their message
 * quoted. Replying to the e-mail reaches the support address.
 */
export function supportReply(m: {
  id: string;
  fullName: string;
  subject: string;
  reply: string;
  original: string;
  supportEmail: string;
}): MailContent {
  const subject = `Re: ${m.subject} (reference ${supportReference(m.id)})`;
  const quoted = m.original
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const text = [`Hello ${m.fullName},`, "", m.reply, "", "The Serene team", "", "You wrote:", quoted].join(
    "\n",
  );
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hello ${escapeHtml(m.fullName)},</p>${paragraphs(m.reply)}<p style="margin:0 0 16px">The Serene team</p>
<blockquote style="margin:0;padding-left:12px;border-left:3px solid #ccc;color:#555">${paragraphs(m.original)}</blockquote>`,
    helpFooter(m.supportEmail),
  );
  return { subject, text, html };
}

export function deletionConfirmation(m: {
  email: string;
  accountFound: boolean;
  dueAt: Date;
  supportEmail: string;
}): MailContent {
  const subject = "Your account deletion request";
  const lines = m.accountFound
    ? [
        `We received a request to delete the Serene account of ${m.email}.`,
        `Your account and its personal data will be deleted on ${longDate(m.dueAt)} (90 days from today) if you do not use the app before then. Signing in to the app cancels the request.`,
        `If you did not ask for this, simply keep using Serene, or write to ${m.supportEmail}.`,
      ]
    : [
        `We received a request to delete the Serene account of ${m.email}.`,
        "We found no Serene account with this e-mail address, so there is nothing to delete. If you signed up with another address, send the request again with that address.",
        `Questions? Write to ${m.supportEmail}.`,
      ];
  const text = ["Hello,", "", ...lines.flatMap((l) => [l, ""]), "The Serene team"].join("\n");
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hello,</p>${lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join("")}<p style="margin:0">The Serene team</p>`,
    helpFooter(m.supportEmail),
  );
  return { subject, text, html };
}

export function accountDeleted(m: { email: string; supportEmail: string }): MailContent {
  const subject = "Your Serene account has been deleted";
  const line = `As you asked, the Serene account of ${m.email} and its personal data have been deleted. Thank you for the time you spent with us.`;
  const text = ["Hello,", "", line, "", "The Serene team"].join("\n");
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hello,</p><p style="margin:0 0 16px">${escapeHtml(line)}</p><p style="margin:0">The Serene team</p>`,
    helpFooter(m.supportEmail),
  );
  return { subject, text, html };
}

export function subscriptionCodes(m: {
  assignedName: string;
  codes: { code: string; redeemed: boolean }[];
  amountCents: number;
  supportEmail: string;
  resend: boolean;
  /** Where a code is redeemed on the web: the listener signs up or in there, then redeems. */
  redeemUrl: (code: string) => string;
  /** The business portal, where the buyer sends codes to people and sees who redeemed them. */
  portalUrl: string;
}): MailContent {
  const n = m.codes.length;
  const subject = `Your Serene subscription codes (${n} ${n === 1 ? "seat" : "seats"})`;
  const intro = m.resend
    ? `Here again are the ${n} subscription codes for ${m.assignedName}.`
    : `Thank you for subscribing ${m.assignedName} to Serene (${n} seats, ${formatUsd(m.amountCents)}). Here are your ${n} subscription codes, one for each employee.`;
  const how = [
    "How your employees use them:",
    "1. Open the link of their code (or install the Serene app and sign in, or create an account).",
    "2. Redeem the code: the link fills it in; in the app, enter it under Redeem a code.",
    `Each code works once. Its ${SUBSCRIPTION_MONTHS} months start on the day it is redeemed, not today.`,
  ];
  const label = (c: { code: string; redeemed: boolean }) =>
    c.redeemed ? `${c.code} (already used)` : `${c.code}  ${m.redeemUrl(c.code)}`;
  const text = [
    "Hello,",
    "",
    intro,
    "",
    ...m.codes.map(label),
    "",
    ...how,
    "",
    `Manage your seats in the business portal (send codes to people, see who redeemed them, free seats, invoices): ${m.portalUrl}`,
    "",
    "Keep this e-mail: it is the record of your codes.",
    "",
    "The Serene team",
  ].join("\n");
  const rows = m.codes
    .map(
      (c) =>
        `<tr><td style="font-family:'SFMono-Regular',Consolas,monospace;font-size:17px;letter-spacing:1px;padding:6px 0${c.redeemed ? ";color:#9a948b;text-decoration:line-through" : ""}">${c.redeemed ? escapeHtml(c.code) : `<a href="${escapeHtml(m.redeemUrl(c.code))}" style="color:inherit">${escapeHtml(c.code)}</a>`}</td>${c.redeemed ? '<td style="font-size:13px;color:#9a948b">already used</td>' : "<td></td>"}</tr>`,
    )
    .join("");
  const html = layout(
    m.resend ? "Your subscription codes, again" : "Thank you for subscribing",
    `<p style="margin:0 0 16px">Hello,</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="background:#f8f6f2;border-radius:12px;padding:12px 20px;margin:0 0 16px">${rows}</table>
<p style="margin:0 0 8px"><strong>${escapeHtml(how[0]!)}</strong></p>
<ol style="margin:0 0 16px;padding-left:20px"><li>Open the link of their code (or install the Serene app and sign in, or create an account).</li><li>Redeem the code: the link fills it in; in the app, enter it under <em>Redeem a code</em>.</li></ol>
<p style="margin:0 0 16px">${escapeHtml(how[3]!)}</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(m.portalUrl)}" style="color:#3f6f64">Manage your seats in the business portal</a>: send codes to people, see who redeemed them, free seats, invoices.</p>
<p style="margin:0">Keep this e-mail: it is the record of your codes.<br><br>The Serene team</p>`,
    helpFooter(m.supportEmail),
  );
  return { subject, text, html };
}

/** A message an admin sent to one user (also in their in-app inbox). */
export function messageToUser(m: {
  username: string;
  title: string | null;
  message: string;
  supportEmail: string;
}): MailContent {
  const subject = m.title ?? "A message from the Serene team";
  const text = [`Hello ${m.username},`, "", m.message, "", "The Serene team"].join("\n");
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hello ${escapeHtml(m.username)},</p>${paragraphs(m.message)}<p style="margin:0">The Serene team</p>`,
    helpFooter(m.supportEmail),
  );
  return { subject, text, html };
}

/** The back office's decision on content a host sent for review, with its feedback (also in their app inbox). */
export function contentReviewed(m: {
  username: string;
  title: string;
  decision: "published" | "declined";
  feedback: string | null;
  /** The content's page in the host's area on the web (`/listen/host/content/:id`). */
  contentUrl: string;
  supportEmail: string;
}): MailContent {
  const published = m.decision === "published";
  const subject = published ? `“${m.title}” is published on Serene` : `“${m.title}” was not published yet`;
  const intro = published
    ? `Good news: your content “${m.title}” has been approved. Listeners can now find it in Serene.`
    : `Thank you for sending “${m.title}”. Before it can be published, the Serene team asks for some changes.`;
  const next = published
    ? "You will see its plays and listeners on its page:"
    : "Open it on the web, make the changes and send it again:";
  const feedbackLabel = published ? "A note from the team:" : "What to change:";
  const text = [
    `Hello ${m.username},`,
    "",
    intro,
    ...(m.feedback ? ["", feedbackLabel, m.feedback] : []),
    "",
    next,
    m.contentUrl,
    "This message is also in your inbox.",
    "",
    "The Serene team",
  ].join("\n");
  const html = layout(
    published ? "Your content is published" : "Your content needs changes",
    `<p style="margin:0 0 16px">Hello ${escapeHtml(m.username)},</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>${
      m.feedback
        ? `<p style="margin:0 0 8px"><strong>${feedbackLabel}</strong></p>
<div style="background:#f8f6f2;border-radius:12px;padding:16px 16px 0;margin:0 0 16px">${paragraphs(m.feedback)}</div>`
        : ""
    }
<p style="margin:0 0 16px">${escapeHtml(next)}</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(m.contentUrl)}" style="color:#3f6f64">${published ? "See your content" : "Change your content"}</a></p>
<p style="margin:0">The Serene team</p>`,
    helpFooter(m.supportEmail),
  );
  return { subject, text, html };
}
