import { formatUsd } from "@serene/contract";
import { escapeHtml, helpFooter, layout, type MailContent } from "../../mail/index.ts";

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

/**
 * A purchase made on Serene's own pages is paid: its seats wait in the portal. The codes are not
 * listed, and the e-mail says why: each is sent from the portal to one person, so a code is never
 * passed on by hand and later locked to another address.
 */
export const seatsReady = (m: {
  assignedName: string;
  seats: number;
  amountCents: number;
  portalUrl: string;
  supportEmail: string;
}) =>
  portalMail({
    subject: `Your ${m.seats} Serene ${m.seats === 1 ? "seat is" : "seats are"} ready in your business portal`,
    title: "Thank you for subscribing",
    lines: [
      "Hello,",
      `Thank you for subscribing ${m.assignedName} to Serene (${m.seats} ${m.seats === 1 ? "seat" : "seats"}, ${formatUsd(m.amountCents)}). Your seats are ready in the business portal.`,
      "Invite each employee there by e-mail (paste addresses or upload a CSV): each gets their own code, which works only for their address, and you see who has redeemed it. That is why this e-mail lists no codes: a code passed on by hand could be used by anyone.",
      "Each seat's 12 months start on the day it is redeemed, not today. Your invoice is in the portal too.",
    ],
    link: { label: "Open your business portal", url: m.portalUrl },
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
      "Open the link and create your account with this e-mail address (the form is filled in with it): the code is yours at once, with no confirmation e-mail, since this e-mail already proves the address is yours.",
      "Already on Serene with this address? Sign in and redeem the code (if you never confirmed your address, confirm it first). The code works only for this address.",
    ],
    link: { label: "Redeem your code", url: m.redeemUrl },
    supportEmail: m.supportEmail,
  });

export const invitationWithdrawn = (m: { businessName: string; supportEmail: string }) =>
  portalMail({
    subject: `${m.businessName} withdrew its Serene invitation`,
    title: "Your invitation was withdrawn",
    lines: [
      "Hello,",
      `${m.businessName} has withdrawn the Serene subscription it invited you to, so the code in its invitation no longer works.`,
      `If you think this is a mistake, ask ${m.businessName}: they can invite you again.`,
    ],
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
