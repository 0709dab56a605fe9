import { describe, expect, it } from "vitest";
import type { Mailer } from "../../mail/index.ts";
import { captureQueries } from "../../../test-support/capture-queries.ts";
import { useTestApp } from "../../../test-support/harness.ts";
import { eventually, outboxFor } from "../../../test-support/mail.ts";
import { buyCodes } from "../../../test-support/purchases.ts";
import { createPortalSender } from "./portal.sender.ts";

const t = useTestApp();

describe("asking for a portal sign-in link", () => {
  it("does the same work for an admin's address and an unknown one: no query, one queued e-mail each; only the admin's becomes a link", async () => {
    const { email } = await buyCodes(t, 5);
    // The queue, recorded instead of run: what the request itself does is all that is left.
    const queued: (() => Promise<unknown>)[] = [];
    const mailer = { queue: (work: () => Promise<unknown>) => queued.push(work) } as unknown as Mailer;
    const sender = createPortalSender({
      db: t.database.db,
      mailer,
      siteUrl: t.config.siteUrl,
      supportEmail: t.config.supportEmail,
      log: { warn: () => {}, error: () => {} },
    });
    const known = await captureQueries(async () => sender.requestLink(email));
    const unknown = await captureQueries(async () => sender.requestLink("nobody-at-all@acme.test"));
    expect(known).toEqual([]);
    expect(unknown).toEqual([]);
    expect(queued).toHaveLength(2);
    const [forAdmin, forStranger] = await Promise.all(queued.map((work) => work()));
    expect(forAdmin).toMatchObject({ to: email, subject: expect.stringContaining("business portal") });
    expect(forStranger).toBeNull();
  });

  it("answers the same through HTTP, and the admin's link arrives from the queue", async () => {
    const { email } = await buyCodes(t, 5);
    const ask = (address: string) =>
      t.app.inject({ method: "POST", url: "/api/v1/business/portal/link", payload: { email: address } });
    const [admin, stranger] = [await ask(email), await ask("nobody-else@acme.test")];
    expect(admin.statusCode).toBe(200);
    expect(stranger.body).toBe(admin.body);
    const links = () =>
      outboxFor(t.config.mail.outboxDir, email).filter((m) => m.subject.includes("business portal"));
    await eventually(() => expect(links()).toHaveLength(1));
  });
});
