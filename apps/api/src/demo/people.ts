import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { moods, SUBSCRIPTION_MONTHS, totalCents } from "@serene/contract";
import { eq, isNull } from "drizzle-orm";
import { alerts, notifyAdmins } from "../modules/activity/index.ts";
import { createOrPromoteAdmin } from "../modules/auth/index.ts";
import { newSubscriptionCode, settlePaidPurchase } from "../modules/business/index.ts";
import { hashPassword } from "../lib/passwords.ts";
import { adminExists, addAccount, findUserByEmail } from "../modules/users/index.ts";
import type { Db } from "../db/client.ts";
import {
  activityLog,
  businessPurchases,
  deletionRequests,
  hostRequests,
  listeningSessions,
  resources,
  subscriptionCodes,
  supportMessages,
  users,
} from "../db/schema/index.ts";

export const DEMO_ADMIN_EMAIL = "admin@serene.example";
export const DEMO_ADMIN_FILE = "demo-admin.txt";

/**
 * With demo data and no admin configured: on the first start (no admin yet), creates the demo
 * admin with a random password, written to DATA_DIR/demo-admin.txt (readable by its owner only)
 * so that whoever started the server can sign in to the back office. Answers the password when
 * it created the admin.
 */
export async function ensureDemoAdmin(db: Db, dataDir: string): Promise<string | undefined> {
  if (await adminExists(db)) return undefined;
  const password = randomBytes(12).toString("base64url");
  await createOrPromoteAdmin(db, DEMO_ADMIN_EMAIL, password);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(
    path.join(dataDir, DEMO_ADMIN_FILE),
    `Serene demo admin (sign in at /md-login; change the password under Settings)\nemail: ${DEMO_ADMIN_EMAIL}\npassword: ${password}\n`,
    { mode: 0o600 },
  );
  return password;
}

export const DEMO_LISTENER_EMAIL = "listener@serene.example";
export const DEMO_LISTENER_FILE = "demo-listener.txt";

/**
 * With demo data: on the first start, a listener for the web app at /listen (verified, random
 * password) and one unused code of the demo purchase to redeem, written to
 * DATA_DIR/demo-listener.txt. Answers them when it created the listener.
 */
export async function ensureDemoListener(
  db: Db,
  dataDir: string,
): Promise<{ password: string; code: string | undefined } | undefined> {
  if (await findUserByEmail(db, DEMO_LISTENER_EMAIL)) return undefined;
  const password = randomBytes(12).toString("base64url");
  await addAccount(db, {
    email: DEMO_LISTENER_EMAIL,
    username: "Demo listener",
    role: "user",
    passwordHash: await hashPassword(password),
    emailVerifiedAt: new Date(),
  });
  const [unused] = await db
    .select({ code: subscriptionCodes.code })
    .from(subscriptionCodes)
    .where(isNull(subscriptionCodes.redeemedAt))
    .limit(1);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(
    path.join(dataDir, DEMO_LISTENER_FILE),
    `Serene demo listener (sign in at /listen)\nemail: ${DEMO_LISTENER_EMAIL}\npassword: ${password}\n` +
      (unused ? `business code to redeem: ${unused.code} (/listen/redeem?code=${unused.code})\n` : ""),
    { mode: 0o600 },
  );
  return { password, code: unused?.code };
}

const FIRST = ["Amara", "Liam", "Sofia", "Noah", "Maya", "Ethan", "Olivia", "Lucas", "Nora", "Ben"];
const LAST = ["Okafor", "Chen", "Rossi", "Walker", "Ortiz", "Hart", "Fischer", "Silva"];
const EXPERIENCES = ["Beginner", "Intermediate", "Advanced"];
const DAY = 86_400_000;

/**
 * Fills an empty community with people for the back office to run: app users who signed up over
 * the last year (some paid), pending host requests, support messages, a deletion request, and a
 * paid business purchase whose codes two employees redeemed, each with its alert and activity
 * entry, as if they had come through the app and the website. Does nothing when any app user
 * exists. Answers whether it seeded.
 */
export async function seedDemoPeople(db: Db): Promise<boolean> {
  const [someone] = await db.select({ id: users.id }).from(users).where(eq(users.role, "user")).limit(1);
  if (someone) return false;
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY);

  await db.transaction(async (tx) => {
    const names = Array.from({ length: 40 }, (_, i) => ({
      first: FIRST[i % FIRST.length]!,
      last: LAST[(i * 3) % LAST.length]!,
      // Past the first ten, a number keeps names and e-mails unique.
      suffix: i >= FIRST.length ? String(i) : "",
    }));
    const people = await tx
      .insert(users)
      .values(
        names.map(({ first, last, suffix }, i) => {
          const paid = i % 5 === 0;
          // Spread over the last year, more of them recently (Users Gained has a shape).
          const joined = Math.round(360 * (1 - Math.sqrt((i + 1) / (names.length + 1))));
          return {
            username: `${first}.${last}${suffix}`.toLowerCase(),
            lastName: last,
            email: `${first}.${last}${suffix}@example.com`.toLowerCase(),
            mood: moods[i % moods.length],
            experience: EXPERIENCES[i % EXPERIENCES.length],
            status: paid ? "paid" : "free",
            paidUntil: paid ? new Date(now + 200 * DAY) : null,
            timeCreated: ago(joined + 0.3),
            lastActiveAt: ago(i % 9),
          };
        }),
      )
      .returning({ id: users.id, username: users.username, email: users.email });
    const person = (i: number) => people[i % people.length]!;
    const events: (typeof activityLog.$inferInsert)[] = [];

    const hostReasons = [
      "I teach yoga nidra and would love to share my evening practices with Serene listeners.",
      "Certified breathwork coach; I have a series on calming the body before exams.",
      "I compose ambient music for sleep and would like to publish longer soundscapes.",
    ];
    for (const [n, reason] of hostReasons.entries()) {
      const [row] = await tx
        .insert(hostRequests)
        .values({ userId: person(n * 4 + 1).id, reason, createdAt: ago(n + 1) })
        .returning({ id: hostRequests.id });
      await notifyAdmins(tx, {
        ...alerts.hostRequest(row!.id, person(n * 4 + 1).username),
        createdAt: ago(n + 1),
      });
      events.push({
        actorId: person(n * 4 + 1).id,
        actorEmail: person(n * 4 + 1).email,
        action: "host_request.create",
        entityType: "host_request",
        entityId: row!.id,
        details: { username: person(n * 4 + 1).username },
        createdAt: ago(n + 1),
      });
    }

    const questions = [
      {
        subject: "Downloads missing after the update",
        message: "Hello, since the last update my downloaded sleep stories are gone. Can I get them back?",
      },
      {
        subject: "Invoice for our team subscription",
        message:
          "Could you send an invoice with our company's VAT number for the seats we bought last month?",
      },
    ];
    for (const [n, question] of questions.entries()) {
      const from = person(n * 7 + 2);
      const fullName = `${names[n * 7 + 2]!.first} ${names[n * 7 + 2]!.last}`;
      const [row] = await tx
        .insert(supportMessages)
        .values({ fullName, email: from.email, ...question, createdAt: ago(n * 2 + 0.5) })
        .returning({ id: supportMessages.id });
      await notifyAdmins(tx, {
        ...alerts.supportMessage(row!.id, { ...question, fullName, email: from.email }),
        createdAt: ago(n * 2 + 0.5),
      });
      events.push({
        action: "support_message.create",
        entityType: "support_message",
        entityId: row!.id,
        details: { email: from.email, subject: question.subject },
        createdAt: ago(n * 2 + 0.5),
      });
    }

    const leaving = person(13);
    const [deletion] = await tx
      .insert(deletionRequests)
      .values({
        email: leaving.email,
        userId: leaving.id,
        reason: "I found another app that suits me better.",
        createdAt: ago(4),
      })
      .returning({ id: deletionRequests.id });
    await notifyAdmins(tx, {
      ...alerts.deletionRequest(deletion!.id, leaving.email, true),
      createdAt: ago(4),
    });
    events.push({
      action: "deletion_request.create",
      entityType: "deletion_request",
      entityId: deletion!.id,
      details: { email: leaving.email, accountFound: true },
      createdAt: ago(4),
    });

    const seats = 7;
    const [purchase] = await tx
      .insert(businessPurchases)
      .values({
        assignedName: "Calm Company",
        email: "people@calm-company.example",
        totalUsers: seats,
        totalMonths: SUBSCRIPTION_MONTHS,
        amountCents: totalCents(seats),
        state: "paid",
        provider: "test",
        paidAt: ago(6),
        codesCreatedAt: ago(6),
        codesEmailedAt: ago(6),
        createdAt: ago(6),
      })
      .returning();
    // As a real payment: the purchase makes its business, with the buyer as its portal admin.
    await settlePaidPurchase(tx, purchase!);
    const employees = [person(21), person(22)];
    await tx.insert(subscriptionCodes).values(
      Array.from({ length: seats }, (_, i) => {
        const employee = employees[i];
        const redeemedAt = employee ? ago(5 - i) : null;
        return {
          purchaseId: purchase!.id,
          code: newSubscriptionCode(),
          redeemedBy: employee?.id ?? null,
          redeemedAt,
          expiresAt: redeemedAt ? new Date(redeemedAt.getTime() + 365 * DAY) : null,
          createdAt: ago(6),
        };
      }),
    );
    for (const [i, employee] of employees.entries()) {
      await tx
        .update(users)
        .set({ status: "paid", paidUntil: new Date(now - (5 - i) * DAY + 365 * DAY) })
        .where(eq(users.id, employee.id));
    }
    await notifyAdmins(tx, { ...alerts.purchase(purchase!), createdAt: ago(6) });
    events.push({
      action: "purchase.paid",
      entityType: "purchase",
      entityId: purchase!.id,
      details: {
        assignedName: purchase!.assignedName,
        email: purchase!.email,
        totalUsers: seats,
        amountCents: purchase!.amountCents,
        via: "test",
      },
      createdAt: ago(6),
    });
    await tx.insert(activityLog).values(events);

    // Listening over the last month (when the catalogue is seeded): "Avg. time on app" and the
    // per-content figures have something to show. Play counts are the catalogue seed's.
    const tracks = await tx
      .select({ id: resources.id, seconds: resources.durationSeconds })
      .from(resources)
      .where(eq(resources.reviewState, "published"))
      .limit(12);
    if (tracks.length) {
      const moods = [null, "sad", "angry", "happy"] as const;
      await tx.insert(listeningSessions).values(
        Array.from({ length: 90 }, (_, n) => {
          const track = tracks[n % tracks.length]!;
          const length = track.seconds ?? 600;
          const listened = Math.round(length * (0.4 + (n % 7) / 10));
          const finished = listened >= length;
          const startedAt = ago((n % 29) + (n % 5) / 10);
          const endedAt = new Date(startedAt.getTime() + listened * 1000);
          return {
            userId: person(n % 25).id,
            resourceId: track.id,
            listenedSeconds: Math.min(listened, length),
            position: finished ? length : listened,
            finished,
            moodBefore: moods[n % 4] ?? null,
            moodAfter: moods[n % 4] ? (n % 3 === 0 ? moods[n % 4]! : "happy") : null,
            startedAt,
            lastReportAt: endedAt,
            endedAt,
          };
        }),
      );
    }
  });
  return true;
}
