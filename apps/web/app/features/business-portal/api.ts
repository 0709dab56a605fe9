// Types only: the answers are typed by the contract's response schemas, which never ship to the browser.
import type {
  adminListResponseSchema,
  businessActivityListResponseSchema,
  businessResponseSchema,
  eligibilityResponseSchema,
  inviteListResponseSchema,
  invoiceListResponseSchema,
  okEnvelopeSchema,
  PortalCheckoutInput,
  portalCheckoutResponseSchema,
  portalSessionResponseSchema,
  removalListResponseSchema,
  reportResponseSchema,
  SeatListQuery,
  seatListResponseSchema,
  seatResponseSchema,
  UpdateBusinessInput,
} from "@serene/contract";
import { portalEndpoints } from "@serene/contract/endpoints";
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryKey,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  apiList,
  apiRequest,
  endpointUrl,
  type Parsed,
  type RequestOptions,
  type ResponseSchema,
  shapedBy,
} from "../../lib/api-client";
import { byCursor, useCursorList } from "../../lib/cursor-list";
import { notifyFailure, notifySuccess } from "../../lib/notify";
import { postForm } from "../../lib/post-form";
import { failureAdvice } from "./failure-advice";
import { forgetPortal, type PortalSignIn, rememberPortal } from "./portal-sign-in";

// The buyer's portal (BUSINESS-API.md): every call, its query options and hooks, in one place.

type PortalOptions = Omit<RequestOptions<unknown>, "schema" | "token" | "redirectOnUnauthorized">;

/**
 * Calls the business API as the portal's admin: the httpOnly cookie set by the portal's sign-in
 * speaks (no token is sent by script); `S`, the route's response schema, types the answer.
 */
const portalCall = <S extends ResponseSchema<unknown>>(path: string, options: PortalOptions = {}) =>
  apiRequest(path, { ...options, schema: shapedBy<S>(), token: null, redirectOnUnauthorized: false });

/** Calls a list of the business API as the portal's admin (`apiList`: its items and meta). */
const portalList = <S extends ResponseSchema<{ data: unknown[]; meta: unknown }>>(
  path: string,
  options: PortalOptions = {},
) =>
  apiList<Parsed<S>["data"][number], Parsed<S>["meta"]>(path, {
    ...options,
    schema: shapedBy<S>(),
    token: null,
    redirectOnUnauthorized: false,
  });

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

const business = (id: string) => `/business/${encodeURIComponent(id)}`;
const seat = (id: string, seatId: string) => `${business(id)}/seats/${encodeURIComponent(seatId)}`;

export const requestLink = (email: string) =>
  portalCall<ResponseSchema<{ message: string }>>("/business/portal/link", {
    method: "POST",
    body: { email },
  });

/** Trades the e-mailed token for a portal session, and remembers who signed in. */
export async function signIn(token: string): Promise<PortalSignIn> {
  const { data } = await portalCall<typeof portalSessionResponseSchema>("/business/portal/session", {
    method: "POST",
    body: { token },
  });
  const signedIn = { email: data.admin.email, businesses: data.businesses };
  rememberPortal(signedIn);
  return signedIn;
}

/** Ends the portal session (the server clears its cookie) and forgets the stored sign-in. */
export async function signOut() {
  try {
    await portalCall<typeof okEnvelopeSchema>("/business/portal/signout", { method: "POST" });
  } finally {
    forgetPortal();
  }
}

export const portalApi = {
  invite: (id: string, emails: string[] | File) =>
    portalCall<typeof inviteListResponseSchema>(`${business(id)}/invites`, {
      method: "POST",
      body: Array.isArray(emails) ? { emails } : formWithFile(emails),
    }).then((r) => r.data),
  resend: (id: string, seatId: string) =>
    portalCall<typeof seatResponseSchema>(`${seat(id, seatId)}/resend`, { method: "POST" }),
  remove: (id: string, seatId: string) =>
    portalCall<typeof seatResponseSchema>(`${seat(id, seatId)}/remove`, { method: "POST" }),
  /** An invited seat back to no one: the code sent no longer redeems, the invitee is told. */
  withdraw: (id: string, seatId: string) =>
    portalCall<typeof seatResponseSchema>(`${seat(id, seatId)}/withdraw`, { method: "POST" }),
  /** An invitation sent again to a corrected address, with a new code (the old one void). */
  readdress: (id: string, seatId: string, email: string) =>
    portalCall<typeof seatResponseSchema>(`${seat(id, seatId)}/readdress`, {
      method: "POST",
      body: { email },
    }),
  /** A free seat (a freed one keeps its days) invited to this address. */
  give: (id: string, seatId: string, email: string) =>
    portalCall<typeof seatResponseSchema>(`${seat(id, seatId)}/give`, { method: "POST", body: { email } }),
  /** The staff list's diff: a dry run, or applied (invitations now, removals after the grace period). */
  staffList: (id: string, { file, graceDays, apply, onProgress }: StaffListUpload) =>
    postForm(
      endpointUrl(portalEndpoints.syncStaffList, { params: { id } }),
      formWithFile(file, { dryRun: String(!apply), graceDays: String(graceDays) }),
      shapedBy<typeof eligibilityResponseSchema>(),
      {
        onProgress: onProgress && ((sent) => onProgress(sent.fraction)),
        token: null,
        redirectOnUnauthorized: false,
      },
    ).then((r) => r.data),
  /** A pending removal called off: that person keeps the seat. */
  cancelRemoval: (id: string, seatId: string) =>
    portalCall<typeof okEnvelopeSchema>(
      `${business(id)}/eligibility/removals/${encodeURIComponent(seatId)}`,
      {
        method: "DELETE",
      },
    ),
  checkout: (id: string, body: PortalCheckoutInput) =>
    portalCall<typeof portalCheckoutResponseSchema>(`${business(id)}/checkout`, {
      method: "POST",
      body,
    }).then((r) => r.data.url),
  update: (id: string, body: UpdateBusinessInput) =>
    portalCall<typeof businessResponseSchema>(business(id), { method: "PATCH", body }),
  addAdmin: (id: string, email: string) =>
    portalCall<typeof adminListResponseSchema>(`${business(id)}/admins`, { method: "POST", body: { email } }),
  removeAdmin: (id: string, email: string) =>
    portalCall<typeof adminListResponseSchema>(`${business(id)}/admins/${encodeURIComponent(email)}`, {
      method: "DELETE",
    }),
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
    queryFn: ({ signal }) => portalCall<typeof businessResponseSchema>(business(id), { signal }),
    select: (answer) => answer.data,
  });

/**
 * Seats 100 a page, in the order asked (`sort`, `direction`, sorted by the API): by default newest
 * first, or with `expiringWithinDays` the seats expiring soonest first.
 */
export const seatsQuery = (id: string, query: SeatQuery) =>
  infiniteQueryOptions({
    queryKey: portalKeys.seats(id, query),
    queryFn: ({ signal, pageParam }) =>
      portalList<typeof seatListResponseSchema>(`${business(id)}/seats`, {
        signal,
        query: { ...query, cursor: pageParam, limit: 100 },
      }),
    ...byCursor,
    // Another order or filter: the rows shown stay until the API's answer replaces them.
    placeholderData: keepPreviousData,
  });

export const activityQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: portalKeys.activity(id),
    queryFn: ({ signal, pageParam }) =>
      portalList<typeof businessActivityListResponseSchema>(`${business(id)}/activity`, {
        signal,
        query: { cursor: pageParam, limit: 50 },
      }),
    ...byCursor,
  });

export const adminsQuery = (id: string) =>
  queryOptions({
    queryKey: portalKeys.admins(id),
    queryFn: ({ signal }) => portalCall<typeof adminListResponseSchema>(`${business(id)}/admins`, { signal }),
    select: (answer) => answer.data,
  });

export const invoicesQuery = (id: string) =>
  queryOptions({
    queryKey: portalKeys.invoices(id),
    queryFn: ({ signal }) =>
      portalCall<typeof invoiceListResponseSchema>(`${business(id)}/invoices`, { signal }),
    select: (answer) => answer.data,
  });

export const reportQuery = (id: string, from: string, to: string) =>
  queryOptions({
    queryKey: portalKeys.report(id, from, to),
    queryFn: ({ signal }) =>
      portalCall<typeof reportResponseSchema>(`${business(id)}/report`, {
        signal,
        query: from === to ? { month: from } : { from, to },
      }),
    select: (answer) => answer.data,
  });

/** The staff list's pending removals, soonest first. */
export const removalsQuery = (id: string) =>
  queryOptions({
    queryKey: portalKeys.removals(id),
    queryFn: ({ signal }) =>
      portalCall<typeof removalListResponseSchema>(`${business(id)}/eligibility/removals`, { signal }),
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
