import { escapeHtml, helpFooter, layout, longDate, type MailContent } from "../mail/index.ts";

/** One e-mail of a few paragraphs and at most one button. */
function message(
  subject: string,
  lines: string[],
  supportEmail: string,
  button?: { label: string; url: string },
): MailContent {
  const text = [
    "Hello,",
    "",
    ...lines.flatMap((l) => [l, ""]),
    ...(button ? [`${button.label}: ${button.url}`, ""] : []),
    "The Serene team",
  ].join("\n");
  const buttonHtml = button
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(button.url)}" style="display:inline-block;background:#3f6f64;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:10px">${escapeHtml(button.label)}</a></p>`
    : "";
  const html = layout(
    subject,
    `<p style="margin:0 0 16px">Hello,</p>${lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join("")}${buttonHtml}<p style="margin:0">The Serene team</p>`,
    helpFooter(supportEmail),
  );
  return { subject, text, html };
}

export const welcome = (m: {
  username: string;
  verifyUrl: string | null;
  /** The code redeemed with the sign-up: whose it was and until when premium is unlocked. */
  premium: { businessName: string; until: Date } | null;
  supportEmail: string;
}) =>
  message(
    "Welcome to Serene",
    [
      `Welcome, ${m.username}. Your Serene account is ready: take a breath and press play whenever you need a calm moment.`,
      ...(m.premium
        ? [
            `Your code from ${m.premium.businessName} unlocked premium: every meditation, sleep story and course is yours until ${longDate(m.premium.until)}.`,
          ]
        : []),
      ...(m.verifyUrl
        ? [
            "Please confirm your e-mail address. You can listen right away; redeeming a subscription code needs a confirmed address.",
          ]
        : []),
    ],
    m.supportEmail,
    m.verifyUrl ? { label: "Confirm my e-mail address", url: m.verifyUrl } : undefined,
  );

export const verifyAgain = (m: { verifyUrl: string; supportEmail: string }) =>
  message(
    "Confirm your e-mail address",
    ["Press the button to confirm the e-mail address of your Serene account. The link works for 7 days."],
    m.supportEmail,
    { label: "Confirm my e-mail address", url: m.verifyUrl },
  );

export const passwordReset = (m: { resetUrl: string; code: string; supportEmail: string }) =>
  message(
    "Reset your Serene password",
    [
      "Someone asked to reset the password of the Serene account of this address. If it was you, press the button, or enter this code where you asked for the reset:",
      m.code,
      "The link and the code work once, for one hour. Choosing a new password signs you out everywhere else. If you did not ask, ignore this e-mail: your password stays as it is.",
    ],
    m.supportEmail,
    { label: "Choose a new password", url: m.resetUrl },
  );

export const invitation = (m: { username: string; inviteUrl: string; supportEmail: string }) =>
  message(
    "You are invited to Serene",
    [
      `Welcome, ${m.username}. The Serene team made you an account for this address.`,
      "Press the button to choose your password: it also confirms this address, so you can redeem a subscription code. The link works once, for 7 days.",
    ],
    m.supportEmail,
    { label: "Choose my password", url: m.inviteUrl },
  );

export const staffInvitation = (m: {
  username: string;
  role: "admin" | "editor";
  inviteUrl: string;
  supportEmail: string;
}) =>
  message(
    "You are invited to the Serene back office",
    [
      `Welcome, ${m.username}. You are invited to the Serene back office as ${m.role === "admin" ? "an admin" : "an editor"}.`,
      "Press the button to choose your password, then sign in with this address. The link works once, for 7 days.",
    ],
    m.supportEmail,
    { label: "Choose my password", url: m.inviteUrl },
  );

export const passwordChanged = (m: { supportEmail: string }) =>
  message(
    "Your Serene password was changed",
    [
      "The password of your Serene account was just reset, and every other session was signed out.",
      `If this was not you, write to ${m.supportEmail} at once.`,
    ],
    m.supportEmail,
  );

export const confirmDeletion = (m: { confirmUrl: string; supportEmail: string }) =>
  message(
    "Confirm your account deletion request",
    [
      "We received a request to delete the Serene account of this address. Nothing happens until you confirm it.",
      "If you asked for it, press the button within 24 hours. If you did not, ignore this e-mail: your account stays as it is.",
    ],
    m.supportEmail,
    { label: "Yes, delete my account", url: m.confirmUrl },
  );
