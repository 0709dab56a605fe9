import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test-support/harness.ts";
import { eventually, readOutbox, startSmtpServer } from "../../test-support/mail.ts";
import { createMailer } from "./mail.service.ts";

const silent = { info() {}, warn() {}, error() {} };
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "serene-mail-"));
const message = {
  to: { name: "Ada Lovelace", address: "ada@example.test" },
  subject: "Hello from Serene — a test",
  text: "Plain words.\nA second line with ünïcode.",
  html: "<p>Plain <strong>words</strong>.</p>",
};

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

describe("outbox (no SMTP_URL)", () => {
  it("writes each message as a complete RFC 822 .eml file with HTML and text parts, and logs it", async () => {
    const outboxDir = tempDir();
    const logged: unknown[] = [];
    const mailer = createMailer(
      { smtpUrl: undefined, from: "Serene <no-reply@localhost>", outboxDir },
      { ...silent, info: (obj: unknown) => logged.push(obj) },
    );
    const sent = await mailer.send(message);
    expect(mailer.mode).toBe("outbox");
    expect(path.basename(sent.file!)).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{12}\.eml$/,
    );
    const [mail] = readOutbox(outboxDir);
    expect(mail!.raw).toMatch(/^Content-Type: multipart\/alternative/m);
    for (const header of ["From", "To", "Subject", "Message-ID", "Date", "MIME-Version"]) {
      expect(mail!.raw, header).toMatch(new RegExp(`^${header}: `, "m"));
    }
    expect(mail!.raw).toContain("\r\n");
    expect(mail).toMatchObject({
      from: "Serene <no-reply@localhost>",
      to: "Ada Lovelace <ada@example.test>",
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    expect(logged).toContainEqual(
      expect.objectContaining({ to: "ada@example.test", subject: message.subject }),
    );
    // Nothing half-written is left beside it.
    expect(fs.readdirSync(outboxDir)).toEqual([path.basename(sent.file!)]);
  });

  it("retries a failed write and gives up with an error after the last attempt", async () => {
    const blocker = path.join(tempDir(), "not-a-folder");
    fs.writeFileSync(blocker, "a file where the outbox folder should be");
    const mailer = createMailer(
      { smtpUrl: undefined, from: "a@b.test", outboxDir: blocker, retryDelaysMs: [20, 40] },
      silent,
    );
    const started = Date.now();
    await expect(mailer.send(message)).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
    // queue() never throws; idle() waits for it to settle.
    mailer.queue(message);
    await mailer.close();
  });
});

describe("SMTP (SMTP_URL set)", () => {
  it("delivers to a real SMTP server", async () => {
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: "Serene <no-reply@serene.test>", outboxDir: tempDir() },
      silent,
    );
    const before = smtp.received.length;
    await mailer.send({ ...message, replyTo: { name: "Grace", address: "grace@example.test" } });
    await mailer.close();
    const mail = smtp.received[before]!;
    expect(mail.envelopeFrom).toBe("no-reply@serene.test");
    expect(mail.envelopeTo).toEqual(["ada@example.test"]);
    expect(mail).toMatchObject({
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: "Grace <grace@example.test>",
    });
  });

  it("retries after a temporary refusal, and delivers once", async () => {
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: "no-reply@serene.test", outboxDir: tempDir(), retryDelaysMs: [10, 10] },
      silent,
    );
    const before = smtp.received.length;
    smtp.rejectNext(1);
    await mailer.send(message);
    await mailer.close();
    expect(smtp.received.length - before).toBe(1);
  });

  it("a send that keeps failing rejects; a queued one is logged, not thrown", async () => {
    const errors: unknown[] = [];
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: "no-reply@serene.test", outboxDir: tempDir(), retryDelaysMs: [5, 5] },
      { ...silent, error: (obj: unknown) => errors.push(obj) },
    );
    smtp.rejectNext(3);
    await expect(mailer.send(message)).rejects.toThrow();
    smtp.rejectNext(3);
    mailer.queue(message);
    await mailer.idle();
    expect(errors).toHaveLength(2);
    await mailer.close();
  });

  it("the app sends its e-mails over SMTP when SMTP_URL is set (nothing in the outbox)", async () => {
    const t = await createTestApp({ SMTP_URL: smtp.url, SUPPORT_EMAIL: "help@serene.test" });
    try {
      const before = smtp.received.length;
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/user/support",
        payload: {
          fullName: "Grace Hopper",
          email: "grace@example.test",
          subject: "Cannot log in",
          message: "The app says my password is wrong.",
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const mails = await eventually(() => {
        const got = smtp.received.slice(before);
        expect(got).toHaveLength(2);
        return got;
      });
      const team = mails.find((m) => m.envelopeTo.includes("help@serene.test"))!;
      expect(team.replyTo).toBe("Grace Hopper <grace@example.test>");
      expect(mails.find((m) => m.envelopeTo.includes("grace@example.test"))).toBeTruthy();
      expect(readOutbox(t.config.mail.outboxDir)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
