import { type ActivityAction, type ActivityEntry, activityActions } from "@serene/contract";
import { describe, expect, it } from "vitest";
import { actionLabels, describeActivity, entityTypeInfo } from "./describe-activity";

// The activity log's wording: each recorded action as a sentence, with who did it.

const ADMIN = "admin@serene.example";

/** A log entry as the server sends it: by the admin unless told, with these details. */
function entry(
  action: ActivityAction,
  details: Record<string, unknown> | null = {},
  fields: Partial<ActivityEntry> = {},
) {
  return {
    _id: "e1",
    id: "e1",
    actorId: "a1",
    actorEmail: ADMIN,
    action,
    entityType: action.split(".")[0]!,
    entityId: null,
    details,
    ip: null,
    before: null,
    after: null,
    time_created: "2026-11-29T02:00:00.000Z",
    ...fields,
  } satisfies ActivityEntry;
}

const say = (
  action: ActivityAction,
  details?: Record<string, unknown> | null,
  fields?: Partial<ActivityEntry>,
) => describeActivity(entry(action, details, fields));

/** No admin, no user: a visitor of the public pages, or Serene's own scheduled work. */
const nobody = { actorId: null, actorEmail: null };

describe("describeActivity", () => {
  it("has a label and a sentence for every action the contract records", () => {
    for (const action of activityActions) {
      expect(actionLabels[action], action).toMatch(/\S/);
      const { who, what } = say(action, null);
      expect(who, action).toMatch(/\S/);
      expect(what, action).toMatch(/^[a-z]/);
    }
  });

  it("names the admin who acted, a user who acted in the app, or a visitor", () => {
    expect(say("user.make_host")).toEqual({ who: ADMIN, what: "made a user a host" });
    expect(say("user.signup", {}, { actorEmail: null })).toEqual({
      who: "A user",
      what: "signed up in the app",
    });
    expect(say("subscription_code.redeem", {}, nobody).who).toBe("A visitor");
  });

  it("users: the e-mail of the user, and the fields an edit changed", () => {
    expect(say("user.register", { email: "ana@x.test" }).what).toBe("created the user ana@x.test");
    expect(say("user.register", {}).what).toBe("created the user");
    expect(say("user.update", { fields: ["email", "username"] }).what).toBe(
      "edited a user's profile (email, username)",
    );
    expect(say("user.update", {}).what).toBe("edited a user's profile");
    expect(say("user.trash", { email: "ana@x.test" }).what).toBe("moved the user ana@x.test to the trash");
    expect(say("user.trash", {}).what).toBe("moved the user to the trash");
    expect(say("user.restore", {}).what).toBe("restored the user from the trash");
    expect(say("user.delete", { email: "ana@x.test" }).what).toBe("deleted the user ana@x.test");
  });

  it("deleting forever after the trash days is Serene's doing unless an admin did it", () => {
    expect(say("user.purge", { email: "ana@x.test" }, nobody)).toEqual({
      who: "Serene",
      what: "deleted the user ana@x.test forever",
    });
    expect(say("resource.purge", { title: "Calm" })).toEqual({ who: ADMIN, what: "deleted “Calm” forever" });
    expect(say("resource.purge", {}, nobody)).toEqual({ who: "Serene", what: "deleted a content forever" });
  });

  it("sign-ins: a failed one is said of the e-mail tried, a wrong code apart", () => {
    expect(say("auth.sign_in_failed", { email: "eve@x.test" }, nobody)).toEqual({
      who: "eve@x.test",
      what: "failed to sign in",
    });
    expect(say("auth.sign_in_failed", { step: "two_factor" }, nobody)).toEqual({
      who: "Someone",
      what: "entered a wrong sign-in code",
    });
    expect(say("auth.recovery_code_used").what).toBe("signed in with a recovery code");
  });

  it("staff: invited as an admin or an editor, and the role a change gave", () => {
    expect(say("staff.invite", { email: "ed@x.test", role: "editor" }).what).toBe(
      "invited ed@x.test to the back office as an editor",
    );
    expect(say("staff.invite", { role: "admin" }).what).toBe(
      "invited someone to the back office as an admin",
    );
    expect(say("staff.role", { email: "ed@x.test" }, { after: { role: "admin" } }).what).toBe(
      "made ed@x.test an admin",
    );
    expect(say("staff.remove", { email: "ed@x.test" }).what).toBe("removed ed@x.test from the back office");
  });

  it("contents, series and interests: quoted by title or name, with a stand-in when there is none", () => {
    expect(say("resource.create", { title: "Morning calm" }).what).toBe("uploaded “Morning calm”");
    expect(say("resource.create", {}).what).toBe("uploaded a content");
    expect(say("resource.resubmit", {}).what).toBe("changed a declined content and sent it again for review");
    expect(say("resource.withdraw", { title: "Rain" }).what).toBe("withdrew “Rain” from review");
    expect(say("series.create", { title: "Sleep week" }).what).toBe("created the series “Sleep week”");
    expect(say("series.delete", {}).what).toBe("deleted the series");
    expect(say("interest.create", { name: "Focus" }).what).toBe("created the interest “Focus”");
    expect(say("interest.delete", {}).what).toBe("deleted the interest");
  });

  it("host requests are said of the user who asked", () => {
    expect(say("host_request.create", { username: "ana" }, { actorEmail: null })).toEqual({
      who: "ana",
      what: "asked to become a host",
    });
    expect(say("host_request.approve").what).toBe("approved a host request");
  });

  it("the app: its message's state, the device and version published, the platform's settings", () => {
    expect(say("app_message.set", { status: "active" }).what).toBe("set the app message (active)");
    expect(say("app_message.set", {}).what).toBe("set the app message");
    expect(say("app_version.publish", { device: "ios", v_name: "2.1.0", v_code: "210" }).what).toBe(
      "published iOS version 2.1.0 (210)",
    );
    expect(say("app_version.publish", {}).what).toBe("published an app version");
    expect(say("app_config.set", { platform: "android" }).what).toBe("changed the Android settings");
    expect(say("app_config.set", {}).what).toBe("changed the app settings");
  });

  it("exports name the list written out", () => {
    expect(say("activity.export").what).toBe("exported the activity log");
    expect(say("user.export").what).toBe("exported the users as CSV");
    expect(say("deletion_request.export").what).toBe("exported the deletion requests as CSV");
    expect(say("host_request.export").what).toBe("exported the host requests as CSV");
  });

  it("purchases and businesses: seats and amount, said of the business", () => {
    expect(
      say("purchase.paid", { assignedName: "Acme", totalUsers: 12, amountCents: 299_940 }, nobody),
    ).toEqual({ who: "Acme", what: "bought 12 employee subscriptions for $2,999.40" });
    expect(say("purchase.paid", { email: "buyer@acme.test" }, nobody)).toEqual({
      who: "buyer@acme.test",
      what: "bought subscriptions",
    });
    expect(say("purchase.paid", {}, nobody).who).toBe("A business");
    expect(say("purchase.resend_codes", {}).what).toBe("sent the subscription codes again to the buyer");
    expect(say("business.grant_seats", { seats: 3, reason: "Pilot" }).what).toBe(
      "gave 3 free seats: “Pilot”",
    );
    expect(say("business.grant_seats", {}).what).toBe("gave some free seats: no reason");
    expect(say("business.send_portal_link", { email: "hr@acme.test" }).what).toBe(
      "sent a business portal sign-in link to hr@acme.test",
    );
  });

  it("support: the sender's subject, the assignee, and deletions done as asked", () => {
    expect(say("support_message.create", { email: "v@x.test", subject: "Audio stops" }, nobody)).toEqual({
      who: "v@x.test",
      what: "wrote to support: “Audio stops”",
    });
    expect(say("support_message.assign", { assigneeEmail: "sam@x.test" }).what).toBe(
      "assigned a support message to sam@x.test",
    );
    expect(say("support_message.assign", { assigneeEmail: null }).what).toBe("unassigned a support message");
    expect(say("support_message.reply", { email: "v@x.test" }).what).toBe("replied to v@x.test");
    expect(say("deletion_request.create", {}, nobody)).toEqual({
      who: "A visitor",
      what: "asked for their account to be deleted",
    });
    expect(say("deletion_request.execute", { email: "v@x.test" }, nobody)).toEqual({
      who: "Serene",
      what: "deleted the account of v@x.test, as asked",
    });
    expect(say("deletion_request.cancel", {}).what).toBe("cancelled the deletion request of a user");
  });
});

describe("entityTypeInfo", () => {
  it("labels a known record type, and an unknown one from its name", () => {
    expect(entityTypeInfo("resource").label).toBe("Content");
    expect(entityTypeInfo("subscription_code").label).toBe("Subscription code");
    expect(entityTypeInfo("gift_card")).toMatchObject({ label: "gift card", color: "gray" });
  });
});
