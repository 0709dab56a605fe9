import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { MailConfig } from "../../config/env.ts";
import { iso } from "../../lib/iso.ts";

export interface MailAddress {
  name: string;
  address: string;
}

/** One e-mail: always both an HTML and a plain-text part. */
export interface MailMessage {
  to: string | MailAddress;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | MailAddress;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
  /** The .eml file, when the message went to the outbox. */
  file?: string;
}

export interface MailerOptions extends MailConfig {
  /** Waits before each retry; its length is the number of retries. */
  retryDelaysMs?: number[];
}

/** Backoff between attempts: 1 s, 5 s, 20 s, then give up (the data stays in the database). */
const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 20_000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const recipient = (to: string | MailAddress) => (typeof to === "string" ? to : to.address);

/** An outbox file name that sorts by time: 2026-01-31T12-00-00-000Z-<id>.eml */
const outboxName = () => `${iso(new Date()).replace(/[:.]/g, "-")}-${randomBytes(6).toString("hex")}.eml`;

/**
 * Sends e-mail over SMTP when SMTP_URL is set; otherwise writes each message, a complete
 * RFC 822 file, to the outbox folder. Every send is retried with backoff.
 */
export function createMailer(
  options: MailerOptions,
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">,
) {
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  // nodemailer is loaded with the first message, not at start-up.
  let transport: Promise<Transporter> | undefined;
  const openTransport = () =>
    (transport ??= import("nodemailer").then(({ createTransport }) =>
      options.smtpUrl
        ? createTransport({
            url: options.smtpUrl,
            connectionTimeout: 15_000,
            greetingTimeout: 15_000,
            socketTimeout: 60_000,
          })
        : createTransport({ streamTransport: true, buffer: true, newline: "windows" }),
    ));
  const mode: "smtp" | "outbox" = options.smtpUrl ? "smtp" : "outbox";
  /** Background sends still running; `idle()` and close wait for them. */
  const inFlight = new Set<Promise<unknown>>();

  async function attempt(message: MailMessage): Promise<SentMail> {
    const info = await (await openTransport()).sendMail({ from: options.from, ...message });
    if (mode === "smtp") return { messageId: info.messageId };
    await fs.promises.mkdir(options.outboxDir, { recursive: true });
    const file = path.join(options.outboxDir, outboxName());
    // Written aside and renamed: a reader never sees half a message.
    await fs.promises.writeFile(`${file}.part`, info.message as Buffer);
    await fs.promises.rename(`${file}.part`, file);
    return { messageId: info.messageId, file };
  }

  const mailer = {
    mode,

    /** Sends one message, retrying with backoff; throws once every attempt has failed. */
    async send(message: MailMessage): Promise<SentMail> {
      const to = recipient(message.to);
      for (let i = 0; ; i++) {
        try {
          const sent = await attempt(message);
          log.info(
            {
              to,
              subject: message.subject,
              messageId: sent.messageId,
              ...(sent.file ? { file: sent.file } : {}),
            },
            mode === "smtp" ? "e-mail sent" : "e-mail written to the outbox",
          );
          return sent;
        } catch (err) {
          const wait = retryDelays[i];
          if (wait === undefined) {
            log.error({ err, to, subject: message.subject, attempts: i + 1 }, "e-mail could not be sent");
            throw err;
          }
          log.warn({ err, to, subject: message.subject, retryInMs: wait }, "e-mail failed; retrying");
          await sleep(wait);
        }
      }
    },

    /**
     * Sends in the background (the request does not wait for it); a final failure is logged,
     * never thrown. Use only where the message's content is also kept in the database. Given a
     * function instead, runs it after the current request's work (on the next turn of the event
     * loop) and sends what it answers, if anything: the request does the same work whatever
     * the function finds.
     */
    queue(message: MailMessage | (() => Promise<MailMessage | null>)): void {
      const pending = (async () => {
        if (typeof message !== "function") return mailer.send(message);
        await new Promise((resolve) => setImmediate(resolve));
        const built = await message().catch((err: unknown) => {
          log.error({ err }, "e-mail could not be prepared");
          return null;
        });
        if (built) await mailer.send(built);
      })().catch(() => {});
      inFlight.add(pending);
      void pending.finally(() => inFlight.delete(pending));
    },

    /** Resolves once every queued message has been sent or given up on. */
    async idle(): Promise<void> {
      while (inFlight.size) await Promise.all([...inFlight]);
    },

    async close(): Promise<void> {
      await mailer.idle();
      if (transport) (await transport).close();
    },
  };
  return mailer;
}

export type Mailer = ReturnType<typeof createMailer>;
