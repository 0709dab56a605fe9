import { InfiniteQueryObserver, QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { seatsQuery } from "../features/business-portal/api";
import { PAGE_SIZE } from "../features/business-portal/portal-context";
import { cursorItems } from "./cursor-list";

// The one cursor list, driven as the hook drives it (an infinite query on a real QueryClient)
// through the real API client; only the network is stood in for, by a fake `fetch`.

const BUSINESS = "b6f0c7a4-2f1e-4c55-9d59-5e7d0b7c2a11";

/** The server's seats list, `perPage` seats a page, each answer pointing at the next page. */
function fakeServer(total: number, perPage: number) {
  const seats = Array.from({ length: total }, (_, i) => ({ _id: `seat-${i + 1}` }));
  return vi.fn(async (url: string) => {
    const asked = new URL(url, "http://serene.test");
    const start = Number(asked.searchParams.get("cursor") ?? 0);
    const end = start + perPage;
    const body = {
      status: true,
      message: "Seats",
      data: seats.slice(start, end),
      meta: { nextCursor: end < total ? String(end) : null },
    };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "Content-Type": "application/json" },
    });
  });
}

function observe(query: ReturnType<typeof seatsQuery>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return new InfiniteQueryObserver(client, query);
}

afterEach(() => vi.unstubAllGlobals());

describe("a cursor list (lib/cursor-list.ts, the portal's seats)", () => {
  it("asks for the first page without a cursor, then each next page with the cursor the last one gave", async () => {
    const fetch = fakeServer(5, 2);
    vi.stubGlobal("fetch", fetch);
    const list = observe(seatsQuery(BUSINESS, { state: "invited" }));

    await list.refetch();
    let result = list.getCurrentResult();
    expect(cursorItems(result.data)?.map((seat) => seat._id)).toEqual(["seat-1", "seat-2"]);
    expect(result.hasNextPage).toBe(true);

    result = await list.fetchNextPage();
    result = await list.fetchNextPage();
    expect(cursorItems(result.data)?.map((seat) => seat._id)).toEqual([
      "seat-1",
      "seat-2",
      "seat-3",
      "seat-4",
      "seat-5",
    ]);
    expect(result.hasNextPage).toBe(false);

    const urls = fetch.mock.calls.map(([url]) => new URL(url, "http://serene.test"));
    expect(urls.map((url) => url.pathname)).toEqual(Array(3).fill(`/api/v1/business/${BUSINESS}/seats`));
    expect(urls.map((url) => url.searchParams.get("cursor"))).toEqual([null, "2", "4"]);
    expect(urls.every((url) => url.searchParams.get("state") === "invited")).toBe(true);
    expect(urls.every((url) => url.searchParams.get("limit") === String(PAGE_SIZE.seats))).toBe(true);
  });

  it("has no next page when the first answer's nextCursor is null, and no items before any answer", async () => {
    vi.stubGlobal("fetch", fakeServer(1, 100));
    const list = observe(seatsQuery(BUSINESS, {}));
    expect(cursorItems(list.getCurrentResult().data)).toBeUndefined();

    await list.refetch();
    const result = list.getCurrentResult();
    expect(cursorItems(result.data)?.map((seat) => seat._id)).toEqual(["seat-1"]);
    expect(result.hasNextPage).toBe(false);
  });

  it("fails with the server's message when a page is refused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: false, message: "Business not found", code: "not_found" }), {
            status: 404,
          }),
      ),
    );
    const result = await observe(seatsQuery(BUSINESS, {})).refetch();
    expect(result.error).toMatchObject({ name: "ApiError", message: "Business not found", httpStatus: 404 });
    expect(cursorItems(result.data)).toBeUndefined();
  });
});
