import type { PortalCheckoutInput, SeatListQuery, UpdateBusinessInput } from "@serene/contract";
// The portal's declarations alone, not the whole `endpoints` object: the portal's code carries only
// its own endpoints (the contract's modules are side-effect free, so the others are left out).
import { portalEndpoints as api } from "@serene/contract/endpoints";
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryKey,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { Endpoint } from "@serene/contract";
import {
  type CallOptions,
  callEndpoint,
  callList,
  type EndpointInput,
  endpointUrl,
  replyOf,
} from "../../lib/api-client";
import { byCursor, useCursorList } from "../../lib/cursor-list";
import { takeEarlyRead } from "../../lib/early-reads";
import { notifyFailure, notifySuccess } from "../../lib/notify";
import { postForm } from "../../lib/post-form";
import { justRead } from "../../lib/query-client";
import { failureAdvice } from "./failure-advice";
import { PAGE_SIZE } from "./portal-context";
import { forgetPortal, type PortalSignIn, rememberPortal } from "./portal-sign-in";

// The buyer's portal (BUSINESS-API.md): every call, its query options and hooks, in one place.

/**
 * How the portal's admin calls: the httpOnly cookie set by the portal's sign-in speaks (no token
 * is sent by script), and a 401 is the portal's to handle (its sign-in form), not the back office's
 * sign-in page.
 */
const asAdmin = { token: null, redirectOnUnauthorized: false } as const;

/**
 * A read as the admin: the answer the shell asked for early (early-reads.ts) when it is this very
 * read (the same address), else a request.
 */
function asAdminReading<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E> & Pick<CallOptions, "signal">,
): EndpointInput<E> & CallOptions {
  const { params, query } = input as EndpointInput<Endpoint>;
  return { ...input, ...asAdmin, sent: takeEarlyRead(endpointUrl(endpoint, { params, query })) };
}

/** What the seats list is narrowed to (GET /business/:id/seats). */
export type SeatQuery = Pick<SeatListQuery, "state" | "q" | "expiringWithinDays" | "sort" | "direction">;

/** A multipart form of these fields, the file last. */
function formWithFile(file: File, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file);
  return form;
}

/** What a staff list is checked or applied with (POST /business/:id/eligibility). */
export interface StaffListUpload {
  file: File;
  graceDays: number;
  apply: boolean;
  /** The fraction of the file sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

export const requestLink = (email: string) => callEndpoint(api.requestLink, { body: { email }, ...asAdmin });

/** Trades the e-mailed token for a portal session, and remembers who signed in. */
export async function signIn(token: string): Promise<PortalSignIn> {
  const { data } = await callEndpoint(api.startSession, { body: { token }, ...asAdmin });
  const signedIn = { email: data.admin.email, businesses: data.businesses };
  rememberPortal(signedIn);
  return signedIn;
}

/** Ends the portal session (the server clears its cookie) and forgets the stored sign-in. */
export async function signOut() {
  try {
    await callEndpoint(api.signOut, asAdmin);
  } finally {
    forgetPortal();
  }
}

const seat = (id: string, seatId: string) => ({ params: { id, seatId }, ...asAdmin });

export const portalApi = {
  invite: (id: string, emails: string[] | File) =>
    callEndpoint(api.invite, {
      params: { id },
      body: Array.isArray(emails) ? { emails } : formWithFile(emails),
      ...asAdmin,
    }).then((r) => r.data),
  resend: (id: string, seatId: string) => callEndpoint(api.resend, seat(id, seatId)),
  remove: (id: string, seatId: string) => callEndpoint(api.remove, seat(id, seatId)),
  /** An invited seat back to no one: the code sent no longer redeems, the invitee is told. */
  withdraw: (id: string, seatId: string) => callEndpoint(api.withdraw, seat(id, seatId)),
  /** An invitation sent again to a corrected address, with a new code (the old one void). */
  readdress: (id: string, seatId: string, email: string) =>
    callEndpoint(api.readdress, { ...seat(id, seatId), body: { email } }),
  /** A free seat (a freed one keeps its days) invited to this address. */
  give: (id: string, seatId: string, email: string) =>
    callEndpoint(api.give, { ...seat(id, seatId), body: { email } }),
  /** The staff list's diff: a dry run, or applied (invitations now, removals after the grace period). */
  staffList: (id: string, { file, graceDays, apply, onProgress }: StaffListUpload) =>
    postForm(
      endpointUrl(api.syncStaffList, { params: { id } }),
      formWithFile(file, { dryRun: String(!apply), graceDays: String(graceDays) }),
      replyOf(api.syncStaffList),
      { onProgress: onProgress && ((sent) => onProgress(sent.fraction)), ...asAdmin },
    ).then((r) => r.data),
  /** A pending removal called off: that person keeps the seat. */
  cancelRemoval: (id: string, seatId: string) => callEndpoint(api.cancelRemoval, seat(id, seatId)),
  checkout: (id: string, body: PortalCheckoutInput) =>
    callEndpoint(api.checkout, { params: { id }, body, ...asAdmin }).then((r) => r.data.url),
  update: (id: string, body: UpdateBusinessInput) =>
    callEndpoint(api.update, { params: { id }, body, ...asAdmin }),
  addAdmin: (id: string, email: string) =>
    callEndpoint(api.addAdmin, { params: { id }, body: { email }, ...asAdmin }),
  removeAdmin: (id: string, email: string) =>
    callEndpoint(api.removeAdmin, { params: { id, email }, ...asAdmin }),
};

/** Every query's key: all of one business's start with `portalKeys.of(id)`, which each write refreshes. */
export const portalKeys = {
  of: (id: string) => ["portal", id] as const,
  business: (id: string) => ["portal", id, "business"] as const,
  seats: (id: string, query: SeatQuery) => ["portal", id, "seats", query] as const,
  admins: (id: string) => ["portal", id, "admins"] as const,
  activity: (id: string) => ["portal", id, "activity"] as const,
  invoices: (id: string) => ["portal", id, "invoices"] as const,
  removals: (id: string) => ["portal", id, "removals"] as const,
  report: (id: string, from: string, to: string) => ["portal", id, "report", from, to] as const,
};

export const businessQuery = (id: string) =>
  queryOptions({
    queryKey: portalKeys.business(id),
    staleTime: justRead,
    queryFn: ({ signal }) => callEndpoint(api.get, asAdminReading(api.get, { params: { id }, signal })),
    select: (answer) => answer.data,
  });

/**
 * Seats a page at a time (PAGE_SIZE), in the order asked (`sort`, `direction`, sorted by the API): by default newest
 * first, or with `expiringWithinDays` the seats expiring soonest first.
 */
export const seatsQuery = (id: string, query: SeatQuery) =>
  infiniteQueryOptions({
    queryKey: portalKeys.seats(id, query),
    staleTime: justRead,
    queryFn: ({ signal, pageParam }) =>
      callList(
        api.seats,
        asAdminReading(api.seats, {
          params: { id },
          query: { ...query, cursor: pageParam, limit: PAGE_SIZE.seats },
          signal,
        }),
      ),
    ...byCursor,
    // Another order or filter: the rows shown stay until the API's answer replaces them.
    placeholderData: keepPreviousData,
  });

export const activityQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: portalKeys.activity(id),
    staleTime: justRead,
    queryFn: ({ signal, pageParam }) =>
      callList(
        api.activity,
        asAdminReading(api.activity, {
          params: { id },
          query: { cursor: pageParam, limit: PAGE_SIZE.activity },
          signal,
        }),
      ),
    ...byCursor,
  });

export const adminsQuery = (id: string) =>
  queryOptions({
    queryKey: portalKeys.admins(id),
    staleTime: justRead,
    queryFn: ({ signal }) => callEndpoint(api.admins, asAdminReading(api.admins, { params: { id }, signal })),
    select: (answer) => answer.data,
  });

export const invoicesQuery = (id: string) =>
  queryOptions({
    queryKey: portalKeys.invoices(id),
    staleTime: justRead,
    queryFn: ({ signal }) =>
      callEndpoint(api.invoices, asAdminReading(api.invoices, { params: { id }, signal })),
    select: (answer) => answer.data,
  });

export const reportQuery = (id: string, from: string, to: string) =>
  queryOptions({
    queryKey: portalKeys.report(id, from, to),
    staleTime: justRead,
    queryFn: ({ signal }) =>
      callEndpoint(
        api.report,
        asAdminReading(api.report, {
          params: { id },
          query: from === to ? { month: from } : { from, to },
          signal,
        }),
      ),
    select: (answer) => answer.data,
  });

/** The staff list's pending removals, soonest first. */
export const removalsQuery = (id: string) =>
  queryOptions({
    queryKey: portalKeys.removals(id),
    staleTime: justRead,
    queryFn: ({ signal }) =>
      callEndpoint(api.removals, asAdminReading(api.removals, { params: { id }, signal })),
    select: (answer) => answer.data,
  });

export const useBusiness = (id: string) => useQuery(businessQuery(id));
export const useRemovals = (id: string) => useQuery(removalsQuery(id));
export const useAdmins = (id: string) => useQuery(adminsQuery(id));
export const useInvoices = (id: string) => useQuery(invoicesQuery(id));
/** The report of whole ended months (`yyyy-mm`, one or a range of up to 12); none asked, none read. */
export const useReport = (id: string, months: { from: string; to: string } | null) =>
  useQuery({ ...reportQuery(id, months?.from ?? "", months?.to ?? ""), enabled: months !== null });

export const useSeats = (id: string, query: SeatQuery) => useCursorList(seatsQuery(id, query));
export const useActivity = (id: string) => useCursorList(activityQuery(id));

/**
 * A write of the portal: while it runs `pending`; done, every query of the business is read again
 * (each write is in the activity log too) and a toast says `saved`; failed, a toast says what to do.
 */
export function usePortalWrite<A, R>(
  businessId: string,
  write: (args: A) => Promise<R>,
  words: { saved: string | ((answer: R, args: A) => string); failed: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (answer, args) => {
      notifySuccess(typeof words.saved === "function" ? words.saved(answer, args) : words.saved);
      const key: QueryKey = portalKeys.of(businessId);
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => notifyFailure(words.failed, failureAdvice(error)),
  });
}
