import { beforeAll, describe, expect, it } from "vitest";
import { bearer, buildUser, login } from "../../test-support/factories.ts";
import { useTestApp } from "../../test-support/harness.ts";
import { uploadFixture } from "../../test-support/multipart.ts";

/** Transcripts: attached in the back office, served as the audio is, found by search. */
const t = useTestApp({ as: "admin" });
const call = t.call;
let listener: string;
let member: string;
beforeAll(async () => {
  listener = await login(t.app, (await buildUser(t.database.db)).email);
  member = await login(
    t.app,
    (await buildUser(t.database.db, { paidUntil: new Date(Date.now() + 86_400_000) })).email,
  );
});
const app = (url: string, token = listener) =>
  t.app.inject({ method: "GET", url: `/api/v1/app${url}`, headers: bearer(token) });

const VTT = [
  "WEBVTT",
  "",
  "1",
  "00:00:00.000 --> 00:00:01.000",
  "Breathe in slowly.",
  "",
  "NOTE a comment block",
  "",
  "00:01.000 --> 00:02.000 align:start",
  "And let the harbour lights fade.",
].join("\n");

async function createContent(overrides: Record<string, unknown> = {}) {
  const res = await call("POST", "/resources", {
    title: "Evening wind-down",
    image: await uploadFixture(t.app, t.token, "cover.png"),
    resourceUrl: await uploadFixture(t.app, t.token, "tone.mp3"),
    userID: t.user.id,
    moodType: "happy",
    paymentType: "free",
    ...overrides,
  });
  return res;
}

describe("transcripts", () => {
  it("WebVTT attached in the back office is served to listeners, as the audio is", async () => {
    const res = await createContent({ transcript: { format: "vtt", text: VTT } });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data._id;
    expect(res.json().data).toMatchObject({ hasTranscript: true, transcript: { format: "vtt", text: VTT } });
    expect((await app(`/resources/${id}`)).json().data.hasTranscript).toBe(true);
    const got = await app(`/resources/${id}/transcript`);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().data).toEqual({ format: "vtt", text: VTT });

    // Paid: only for entitled listeners, like the stream.
    const paid = await call("PUT", `/resources/${id}`, {
      title: "Evening wind-down",
      userID: t.user.id,
      moodType: "happy",
      paymentType: "paid",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const locked = await app(`/resources/${id}/transcript`);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe("subscription_required");
    expect((await app(`/resources/${id}/transcript`, member)).statusCode).toBe(200);

    // null removes it: 404 then.
    const removed = await call("PUT", `/resources/${id}`, {
      title: "Evening wind-down",
      userID: t.user.id,
      moodType: "happy",
      transcript: null,
    });
    expect(removed.json().data.hasTranscript).toBe(false);
    const none = await app(`/resources/${id}/transcript`, member);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe("not_found");
  });

  it("plain text is kept as it is", async () => {
    const res = await createContent({ transcript: { format: "text", text: "Breathe in.\n\nBreathe out." } });
    const got = await app(`/resources/${res.json().data._id}/transcript`);
    expect(got.json().data).toEqual({ format: "text", text: "Breathe in.\n\nBreathe out." });
  });

  it("malformed WebVTT is refused with 400 naming the line; over 200 KB with 413", async () => {
    const broken = VTT.replace("00:01.000 --> 00:02.000", "00:01 -> 00:02");
    const res = await createContent({ transcript: { format: "vtt", text: broken } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("validation_failed");
    expect(res.json().errors[0].field).toBe("transcript");
    expect(res.json().message).toMatch(/line 9/);
    const noHeader = await createContent({
      transcript: { format: "vtt", text: "1\n00:00.000 --> 00:01.000\nHi" },
    });
    expect(noHeader.json().message).toMatch(/line 1/);
    const backwards = await createContent({
      transcript: { format: "vtt", text: "WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nHi" },
    });
    expect(backwards.json().message).toMatch(/line 3: the cue ends before it starts/);

    const big = await createContent({ transcript: { format: "text", text: "calm ".repeat(41_000) } });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe("payload_too_large");
  });

  it("search finds a transcript's words, ranked below a title's", async () => {
    const inTitle = await createContent({ title: "Lighthouse keeper" });
    // Newer, so it would come first by date: the title match still leads.
    const inTranscript = await createContent({
      title: "Night shift",
      transcript: { format: "text", text: "Picture the lighthouse beam sweeping the water." },
    });
    const found = (await app("/resources?q=lighthouse&sort=new")).json();
    expect(found.data.map((r: { _id: string }) => r._id)).toEqual([
      inTitle.json().data._id,
      inTranscript.json().data._id,
    ]);
    // Paged one at a time, the same order.
    const first = (await app("/resources?q=lighthouse&sort=new&limit=1")).json();
    expect(first.data[0]._id).toBe(inTitle.json().data._id);
    const second = (
      await app(`/resources?q=lighthouse&sort=new&limit=1&cursor=${first.meta.nextCursor}`)
    ).json();
    expect(second.data.map((r: { _id: string }) => r._id)).toEqual([inTranscript.json().data._id]);
    expect(second.meta.nextCursor).toBeNull();
    // One edit away still matches (as for titles).
    expect((await app("/resources?q=lighthuose")).json().data).toHaveLength(2);
  });
});
