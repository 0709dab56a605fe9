import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testConfig } from "./test-support/harness.ts";
import { portalBusiness } from "./test-support/portal.ts";

/**
 * A raw socket to the listening app: what it received, and when the server closed it
 * (milliseconds after `open`).
 */
function rawClient(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  const openedAt = Date.now();
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  const closed = new Promise<number>((resolve) => {
    socket.on("close", () => resolve(Date.now() - openedAt));
    socket.on("error", () => undefined);
  });
  return { socket, closed, received: () => received };
}

describe("HTTP timeouts: a slow or idle client cannot hold a connection", () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({
      HEADERS_TIMEOUT_SECONDS: "1",
      REQUEST_TIMEOUT_SECONDS: "2",
      KEEP_ALIVE_TIMEOUT_SECONDS: "1",
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t?.close());

  it("cuts off a client whose headers never finish (408)", async () => {
    const client = rawClient(port);
    client.socket.write("GET /api/health HTTP/1.1\r\nHost: serene.test\r\n");
    // A byte every 200 ms keeps the socket busy but the headers never end.
    const drip = setInterval(() => client.socket.write("X"), 200);
    const closedAfter = await client.closed;
    clearInterval(drip);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfter).toBeLessThan(5_000);
  });

  it("cuts off a request whose body trickles in past the request timeout (408)", async () => {
    const client = rawClient(port);
    client.socket.write(
      "POST /api/v1/auth/login HTTP/1.1\r\nHost: serene.test\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{",
    );
    const drip = setInterval(() => client.socket.write(" "), 200);
    const closedAfter = await client.closed;
    clearInterval(drip);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfter).toBeGreaterThanOrEqual(1_900);
    expect(closedAfter).toBeLessThan(8_000);
  });

  it("closes an idle kept-alive connection after the keep-alive timeout", async () => {
    const client = rawClient(port);
    client.socket.write("GET /api/health HTTP/1.1\r\nHost: serene.test\r\n\r\n");
    const closedAfter = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(client.received().toLowerCase()).toContain("keep-alive: timeout=1");
    expect(closedAfter).toBeLessThan(5_000);
  });

  it("refuses a headers timeout above the request timeout at start, naming the variable", () => {
    expect(() => testConfig({ HEADERS_TIMEOUT_SECONDS: "60", REQUEST_TIMEOUT_SECONDS: "30" })).toThrow(
      /HEADERS_TIMEOUT_SECONDS/,
    );
  });
});

describe("every request body keeps the upload pace (UPLOAD_MIN_BYTES_PER_SECOND over UPLOAD_STALL_SECONDS)", () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    // The request timeout is far away: only the pace can end these requests.
    t = await createTestApp({
      REQUEST_TIMEOUT_SECONDS: "120",
      UPLOAD_MIN_BYTES_PER_SECOND: "1024",
      UPLOAD_STALL_SECONDS: "1",
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t?.close());

  /** Sends `head`, then 40 bytes every 100 ms (400 B/s), until the server answers and closes. */
  async function trickle(head: string) {
    const client = rawClient(port);
    client.socket.write(head);
    const drip = setInterval(() => client.socket.write(" ".repeat(40)), 100);
    await client.closed;
    clearInterval(drip);
    const answer = client.received();
    return { answer, envelope: JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as object };
  }

  it("a JSON body to /auth/login at 400 B/s is answered 408 upload_too_slow and its connection closed", async () => {
    const { answer, envelope } = await trickle(
      "POST /api/v1/auth/login HTTP/1.1\r\nHost: serene.test\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/connection: close/i);
    expect(envelope).toMatchObject({ status: false, code: "upload_too_slow" });
  });

  it("a portal CSV (multipart) at 400 B/s is answered 408 upload_too_slow", async () => {
    const b = await portalBusiness(t);
    const { answer, envelope } = await trickle(
      `POST /api/v1/business/${b.businessId}/invites HTTP/1.1\r\nHost: serene.test\r\nAuthorization: Bearer ${b.token}\r\n` +
        "content-type: multipart/form-data; boundary=b\r\ncontent-length: 100000\r\n\r\n" +
        '--b\r\ncontent-disposition: form-data; name="file"; filename="people.csv"\r\ncontent-type: text/csv\r\n\r\nemail\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(envelope).toMatchObject({ status: false, code: "upload_too_slow" });
  });
});
