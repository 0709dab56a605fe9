import { escapeHtml, helpFooter, layout, type MailContent } from "../mail/index.ts";

/** A plain message of the business portal: paragraphs and, when given, one button-like link. */
function portalMail(m: {
  subject: string;
  title: string;
  lines: string[];
  link?: { label: string; url: string };
  supportEmail: string;
}): MailContent {
  const text = [
    ...m.lines.flatMap((l) => [l, ""]),
    ...(m.link ? [`${m.link.label}: ${m.link.url}`, ""] : []),
    "The Serene team",
  ].join("\n");
  const body =
    m.lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join("") +
    (m.link
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(m.link.url)}" style="display:inline-block;background:#3f6f64;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px">${escapeHtml(m.link.label)}</a></p>`
      : "") +
    `<p style="margin:0">The Serene team</p>`;
  return { subject: m.subject, text, html: layout(m.title, body, helpFooter(m.supportEmail)) };
}

export const portalSignIn = (m: { url: string; supportEmail: string }) =>
  portalMail({
    subject: "Sign in to your Serene business portal",
    title: "Your sign-in link",
    lines: [
      "Hello,",
      "Use this link to sign in to the Serene business portal. It works once, for 15 minutes.",
      "If you did not ask for it, ignore this e-mail: nothing changes.",
    ],
    link: { label: "Sign in to the portal", url: m.url },
    supportEmail: m.supportEmail,
  });

export const seatInvitation = (m: {
  businessName: string;
  code: string;
  redeemUrl: string;
  supportEmail: string;
}) =>
  portalMail({
    subject: `${m.businessName} gives you Serene`,
    title: "A Serene subscription for you",
    lines: [
      "Hello,",
      `${m.businessName} gives you a 12-month Serene subscription. Your code is ${m.code}.`,
      "Open the link, sign in or create an account with this e-mail address (and confirm it), and the code is yours. It works only for this address.",
    ],
    link: { label: "Redeem your code", url: m.redeemUrl },
    supportEmail: m.supportEmail,
  });

export const seatRemoved = (m: { businessName: string; supportEmail: string }) =>
  portalMail({
    subject: "Your Serene subscription from your employer has ended",
    title: "Your subscription has ended",
    lines: [
      "Hello,",
      `${m.businessName} has taken back the Serene seat it gave you, so the subscription from it ends today.`,
      "Your account stays, with your history and favourites; the free content is still yours.",
    ],
    supportEmail: m.supportEmail,
  });

export const seatsExpiring = (m: {
  businessName: string;
  seats: number;
  /** The first and last expiry days among them (YYYY-MM-DD). */
  first: string;
  last: string;
  /** Days left to the first. */
  days: number;
  portalUrl: string;
  supportEmail: string;
}) => {
  const expire = m.seats === 1 ? "seat expires" : "seats expire";
  const when = m.first === m.last ? `on ${m.first}` : `between ${m.first} and ${m.last}`;
  return portalMail({
    subject:
      m.first === m.last
        ? `${m.seats} Serene ${expire} in ${m.days} days`
        : `${m.seats} Serene ${expire} from ${m.first}, the first in ${m.days} days`,
    title: "Seats expiring soon",
    lines: [
      "Hello,",
      `${m.seats} of ${m.businessName}'s Serene ${expire} ${when}. You can renew them in the business portal for 12 more months from the day each expires.`,
    ],
    link: { label: "Renew in the portal", url: m.portalUrl },
    supportEmail: m.supportEmail,
  });
};
