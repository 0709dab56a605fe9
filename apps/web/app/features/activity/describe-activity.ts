import type { ActivityAction, ActivityEntry } from "@serene/contract";
import { formatMoney } from "../../lib/format";
import {
  IconBuildingStore,
  IconCategory,
  IconCreditCard,
  IconDeviceMobile,
  IconHeadphones,
  IconHistory,
  IconLifebuoy,
  IconListNumbers,
  IconMessage,
  IconMicrophone2,
  IconSpeakerphone,
  IconTicket,
  IconUser,
  IconUserX,
  type TablerIcon,
} from "@tabler/icons-react";

/** The kinds of record the log names, with how the back office shows them. */
export const entityTypes: Record<string, { label: string; icon: TablerIcon; color: string }> = {
  user: { label: "User", icon: IconUser, color: "teal" },
  resource: { label: "Content", icon: IconHeadphones, color: "blue" },
  interest: { label: "Interest", icon: IconCategory, color: "cyan" },
  host_request: { label: "Host request", icon: IconMicrophone2, color: "violet" },
  app_message: { label: "App message", icon: IconMessage, color: "indigo" },
  app_version: { label: "App version", icon: IconDeviceMobile, color: "gray" },
  user_message: { label: "Broadcast", icon: IconSpeakerphone, color: "grape" },
  purchase: { label: "Purchase", icon: IconCreditCard, color: "green" },
  business: { label: "Business", icon: IconBuildingStore, color: "green" },
  subscription_code: { label: "Subscription code", icon: IconTicket, color: "lime" },
  support_message: { label: "Support message", icon: IconLifebuoy, color: "orange" },
  deletion_request: { label: "Deletion request", icon: IconUserX, color: "red" },
  series: { label: "Series", icon: IconListNumbers, color: "pink" },
  activity: { label: "Activity log", icon: IconHistory, color: "dark" },
};

export function entityTypeInfo(type: string) {
  return entityTypes[type] ?? { label: type.replace(/_/g, " "), icon: IconHistory, color: "gray" };
}

/**
 * Every action the server records (the contract's vocabulary), by what it says: the Activity
 * Log's action filter. An action the contract adds without a label here fails the typecheck.
 */
export const actionLabels: Record<ActivityAction, string> = {
  "auth.sign_in": "Signed in",
  "auth.sign_in_failed": "Sign-in failed",
  "auth.password_reset": "Password reset",
  "auth.two_factor_on": "Two-factor sign-in turned on",
  "auth.two_factor_off": "Two-factor sign-in turned off",
  "auth.recovery_code_used": "Recovery code used",
  "staff.invite": "Admin invited",
  "staff.remove": "Admin removed",
  "staff.role": "Admin role changed",
  "settings.update": "Back office settings changed",
  "user.signup": "Signed up in the app",
  "user.register": "User created",
  "user.update": "User edited",
  "user.delete": "User deleted",
  "user.trash": "User moved to the trash",
  "user.restore": "User restored from the trash",
  "user.purge": "User deleted forever",
  "user.make_host": "Made a host",
  "user.message": "Message sent",
  "user.profile": "Own profile edited",
  "auth.password_changed": "Password changed",
  "resource.create": "Content uploaded",
  "resource.update": "Content edited",
  "resource.submit": "Content sent for review",
  "resource.resubmit": "Content sent again for review",
  "resource.withdraw": "Content withdrawn from review",
  "resource.approve": "Content approved",
  "resource.decline": "Content declined",
  "resource.feedback": "Feedback sent",
  "resource.delete": "Content deleted",
  "resource.trash": "Content moved to the trash",
  "resource.restore": "Content restored from the trash",
  "resource.purge": "Content deleted forever",
  "series.create": "Series created",
  "series.update": "Series edited",
  "series.delete": "Series deleted",
  "interest.create": "Interest created",
  "interest.update": "Interest edited",
  "interest.delete": "Interest deleted",
  "host_request.create": "Host request sent",
  "host_request.approve": "Host request approved",
  "host_request.decline": "Host request declined",
  "app_message.set": "App message set",
  "app_message.delete": "App message deleted",
  "app_version.publish": "App version published",
  "app_config.set": "App settings changed",
  "broadcast.send": "Broadcast sent",
  "purchase.paid": "Purchase paid",
  "purchase.resend_codes": "Codes sent again",
  "business.grant_seats": "Free seats given",
  "business.send_portal_link": "Portal sign-in link sent",
  "subscription_code.redeem": "Code redeemed",
  "support_message.create": "Support message received",
  "support_message.read": "Support message read",
  "support_message.reply": "Support message answered",
  "support_message.assign": "Support message assigned",
  "support_message.close": "Support message closed",
  "support_message.reopen": "Support message reopened",
  "deletion_request.create": "Deletion requested",
  "deletion_request.execute": "Account deleted on request",
  "deletion_request.cancel": "Deletion request cancelled",
  "activity.export": "Activity log exported",
  "user.export": "Users exported",
  "resource.export": "Contents exported",
  "purchase.export": "Purchases exported",
  "business.export": "Businesses exported",
  "support_message.export": "Support messages exported",
  "deletion_request.export": "Deletion requests exported",
  "host_request.export": "Host requests exported",
};

/** What each list export wrote out. */
const exportedLists = {
  "user.export": "the users",
  "resource.export": "the contents",
  "purchase.export": "the purchases",
  "business.export": "the businesses",
  "support_message.export": "the support messages",
  "deletion_request.export": "the deletion requests",
  "host_request.export": "the host requests",
} satisfies Partial<Record<ActivityAction, string>>;

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);
const quoted = (value: unknown, otherwise: string) => (text(value) ? `“${text(value)}”` : otherwise);
const money = (cents: unknown) => (typeof cents === "number" ? formatMoney(cents) : null);
const devices: Record<string, string> = { android: "Android", ios: "iOS" };

/**
 * One log entry as a sentence: who (the admin's e-mail, the visitor's own e-mail for public
 * events, or "Serene" for scheduled work) and what they did.
 */
export function describeActivity(entry: ActivityEntry): { who: string; what: string } {
  const d = entry.details ?? {};
  const email = text(d.email);
  const admin = entry.actorEmail;
  const who = admin ?? (entry.actorId ? "A user" : "A visitor");
  const say = (what: string, by = who) => ({ who: by, what });

  switch (entry.action) {
    case "user.register":
      return say(`created the user ${email ?? ""}`.trim());
    case "user.update": {
      const fields = Array.isArray(d.fields) ? ` (${d.fields.join(", ")})` : "";
      return say(`edited a user's profile${fields}`);
    }
    case "user.delete":
      return say(`deleted the user ${email ?? ""}`.trim());
    case "user.trash":
      return say(`moved the user ${email ?? ""} to the trash`.replace("  ", " "));
    case "user.restore":
      return say(`restored the user ${email ?? ""} from the trash`.replace("  ", " "));
    case "user.purge":
      return say(`deleted the user ${email ?? ""} forever`.replace("  ", " "), admin ?? "Serene");
    case "user.make_host":
      return say("made a user a host");
    case "user.message":
      return say("sent a message to a user");
    case "user.profile":
      return say("edited their own profile");
    case "auth.password_changed":
      return say("changed their password");
    case "auth.password_reset":
      return say("reset their password from the e-mailed link");
    case "auth.sign_in":
      return say("signed in");
    case "auth.sign_in_failed":
      return say(
        d.step === "two_factor" ? "entered a wrong sign-in code" : "failed to sign in",
        email ?? "Someone",
      );
    case "auth.two_factor_on":
      return say("turned on two-factor sign-in");
    case "auth.two_factor_off":
      return say("turned off two-factor sign-in");
    case "auth.recovery_code_used":
      return say("signed in with a recovery code");
    case "staff.invite":
      return say(
        `invited ${email ?? "someone"} to the back office as ${d.role === "admin" ? "an admin" : "an editor"}`,
      );
    case "staff.remove":
      return say(`removed ${email ?? "someone"} from the back office`);
    case "staff.role": {
      const role = (entry.after as { role?: unknown } | null)?.role;
      return say(`made ${email ?? "someone"} ${role === "admin" ? "an admin" : "an editor"}`);
    }
    case "settings.update":
      return say("changed the back office settings");
    case "user.signup":
      return say("signed up in the app");
    case "resource.create":
      return say(`uploaded ${quoted(d.title, "a content")}`);
    case "resource.update":
      return say(`edited ${quoted(d.title, "a content")}`);
    case "resource.submit":
      return say(`sent ${quoted(d.title, "a content")} for review`);
    case "resource.resubmit":
      return say(`changed ${quoted(d.title, "a declined content")} and sent it again for review`);
    case "resource.approve":
      return say(`approved ${quoted(d.title, "a content")}`);
    case "resource.decline":
      return say(`declined ${quoted(d.title, "a content")}`);
    case "resource.withdraw":
      return say(`withdrew ${quoted(d.title, "a content")} from review`);
    case "series.create":
      return say(`created the series ${quoted(d.title, "")}`.trim());
    case "series.update":
      return say("edited a series");
    case "series.delete":
      return say(`deleted the series ${quoted(d.title, "")}`.trim());
    case "resource.feedback":
      return say("sent feedback on a content");
    case "resource.delete":
      return say(`deleted ${quoted(d.title, "a content")}`);
    case "resource.trash":
      return say(`moved ${quoted(d.title, "a content")} to the trash`);
    case "resource.restore":
      return say(`restored ${quoted(d.title, "a content")} from the trash`);
    case "resource.purge":
      return say(`deleted ${quoted(d.title, "a content")} forever`, admin ?? "Serene");
    case "interest.create":
      return say(`created the interest ${quoted(d.name, "")}`.trim());
    case "interest.update":
      return say("edited an interest");
    case "interest.delete":
      return say(`deleted the interest ${quoted(d.name, "")}`.trim());
    case "host_request.create":
      return say("asked to become a host", text(d.username) ?? who);
    case "host_request.approve":
      return say("approved a host request");
    case "host_request.decline":
      return say("declined a host request");
    case "app_message.set":
      return say(`set the app message${text(d.status) ? ` (${text(d.status)})` : ""}`);
    case "app_message.delete":
      return say("deleted the app message");
    case "app_version.publish":
      return say(
        `published ${devices[text(d.device) ?? ""] ?? "an app"} version ${text(d.v_name) ?? ""}${text(d.v_code) ? ` (${text(d.v_code)})` : ""}`.trim(),
      );
    case "app_config.set":
      return say(`changed the ${devices[text(d.platform) ?? ""] ?? "app"} settings`);
    case "activity.export":
      return say("exported the activity log");
    case "user.export":
    case "resource.export":
    case "purchase.export":
    case "business.export":
    case "support_message.export":
    case "deletion_request.export":
    case "host_request.export":
      return say(`exported ${exportedLists[entry.action]} as CSV`);
    case "broadcast.send":
      return say("sent a message to all users");
    case "purchase.paid": {
      const count =
        typeof d.totalUsers === "number" ? `${d.totalUsers} employee subscriptions` : "subscriptions";
      const paid = money(d.amountCents);
      return say(
        `bought ${count}${paid ? ` for ${paid}` : ""}`,
        text(d.assignedName) ?? email ?? "A business",
      );
    }
    case "purchase.resend_codes":
      return say(`sent the subscription codes again to ${email ?? "the buyer"}`);
    case "business.grant_seats":
      return say(
        `gave ${typeof d.seats === "number" ? d.seats : "some"} free seats: ${quoted(d.reason, "no reason")}`,
      );
    case "business.send_portal_link":
      return say(`sent a business portal sign-in link to ${email ?? "an admin"}`);
    case "subscription_code.redeem":
      return say("redeemed a subscription code");
    case "support_message.create":
      return say(`wrote to support: ${quoted(d.subject, "a message")}`, email ?? "A visitor");
    case "support_message.read":
      return say("read a support message");
    case "support_message.reply":
      return say(`replied to ${email ?? "a support message"}`);
    case "support_message.assign":
      return say(
        text(d.assigneeEmail)
          ? `assigned a support message to ${text(d.assigneeEmail)}`
          : "unassigned a support message",
      );
    case "support_message.close":
      return say("closed a support message");
    case "support_message.reopen":
      return say("reopened a support message");
    case "deletion_request.create":
      return say("asked for their account to be deleted", email ?? "A visitor");
    case "deletion_request.execute":
      return say(`deleted the account of ${email ?? "a user"}, as asked`, admin ?? "Serene");
    case "deletion_request.cancel":
      return say(`cancelled the deletion request of ${email ?? "a user"}`, admin ?? "Serene");
  }
}
