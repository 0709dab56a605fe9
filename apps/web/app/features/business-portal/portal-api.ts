// Types only: the portal is part of the public site, which must not load zod.
import type {
  Business,
  BusinessActivity,
  BusinessAdmin,
  InviteResult,
  Invoice,
  PortalCheckoutInput,
  Report,
  Seat,
  SeatListQuery,
  UpdateBusinessInput,
} from "@serene/contract";
import { apiRequest, type ResponseSchema } from "../../lib/api-client";

/** The portal's answers are checked by the server's own response schemas; here they are typed. */
const typed = <T>(): ResponseSchema<T> => ({ parse: (payload) => payload as T });

/** The portal session lives in an httpOnly cookie on /api/v1/business: no token is sent by script. */
const call = <T>(
  path: string,
  init: {
    method?: "GET" | "POST" | "PATCH" | "DELETE";
    body?: unknown;
    query?: Record<string, string | undefined>;
  } = {},
) => apiRequest(path, { ...init, schema: typed<T>(), token: null, redirectOnUnauthorized: false });

/** What the seats list is narrowed to (GET /business/:id/seats). */
export type SeatQuery = Pick<SeatListQuery, "state" | "q" | "expiringWithinDays">;

/** Where the portal remembers which businesses its signed-in admin manages (not a secret). */
export const PORTAL_KEY = "serene-portal";
export interface PortalSignIn {
  email: string;
  businesses: { _id: string; name: string }[];
}

export function readPortal(): PortalSignIn | null {
  try {
    return JSON.parse(window.localStorage.getItem(PORTAL_KEY) ?? "null") as PortalSignIn | null;
  } catch {
    return null;
  }
}

function formWithFile(file: File) {
  const form = new FormData();
  form.append("file", file);
  return form;
}

export const portalApi = {
  requestLink: (email: string) =>
    call<{ message: string }>("/business/portal/link", { method: "POST", body: { email } }),
  async signIn(token: string) {
    const { data } = await call<{
      data: { admin: { email: string }; businesses: PortalSignIn["businesses"] };
    }>("/business/portal/session", { method: "POST", body: { token } });
    const signIn = { email: data.admin.email, businesses: data.businesses };
    window.localStorage.setItem(PORTAL_KEY, JSON.stringify(signIn));
    return signIn;
  },
  /** Ends the portal session (the server clears its cookie) and forgets the stored sign-in. */
  async signOut() {
    try {
      await call("/business/portal/signout", { method: "POST" });
    } finally {
      window.localStorage.removeItem(PORTAL_KEY);
    }
  },
  business: (id: string) => call<{ data: Business }>(`/business/${id}`).then((r) => r.data),
  /** A page of seats: newest first, or with `expiringWithinDays` the seats expiring soonest first. */
  seats: (id: string, query: SeatQuery, cursor?: string) =>
    call<{ data: Seat[]; meta: { nextCursor: string | null } }>(`/business/${id}/seats`, {
      query: {
        state: query.state,
        q: query.q,
        expiringWithinDays: query.expiringWithinDays?.toString(),
        cursor,
        limit: "100",
      },
    }),
  /** Pasted addresses, or a CSV file with an `email` column. */
  invite: (id: string, emails: string[] | File) =>
    call<{ data: InviteResult[] }>(`/business/${id}/invites`, {
      method: "POST",
      body: Array.isArray(emails) ? { emails } : formWithFile(emails),
    }).then((r) => r.data),
  resend: (id: string, seatId: string) => call(`/business/${id}/seats/${seatId}/resend`, { method: "POST" }),
  remove: (id: string, seatId: string) => call(`/business/${id}/seats/${seatId}/remove`, { method: "POST" }),
  checkout: (id: string, body: PortalCheckoutInput) =>
    call<{ data: { url: string } }>(`/business/${id}/checkout`, { method: "POST", body }).then(
      (r) => r.data.url,
    ),
  update: (id: string, body: UpdateBusinessInput) =>
    call<{ data: Business }>(`/business/${id}`, { method: "PATCH", body }).then((r) => r.data),
  admins: (id: string) => call<{ data: BusinessAdmin[] }>(`/business/${id}/admins`).then((r) => r.data),
  addAdmin: (id: string, email: string) =>
    call<{ data: BusinessAdmin[] }>(`/business/${id}/admins`, { method: "POST", body: { email } }).then(
      (r) => r.data,
    ),
  removeAdmin: (id: string, email: string) =>
    call<{ data: BusinessAdmin[] }>(`/business/${id}/admins/${encodeURIComponent(email)}`, {
      method: "DELETE",
    }).then((r) => r.data),
  /** The report of whole ended months (`yyyy-mm`), one or a range of up to 12. */
  report: (id: string, from: string, to: string) =>
    call<{ data: Report }>(`/business/${id}/report`, {
      query: from === to ? { month: from } : { from, to },
    }).then((r) => r.data),
  activity: (id: string, cursor?: string) =>
    call<{ data: BusinessActivity[]; meta: { nextCursor: string | null } }>(`/business/${id}/activity`, {
      query: { cursor, limit: "50" },
    }),
  invoices: (id: string) => call<{ data: Invoice[] }>(`/business/${id}/invoices`).then((r) => r.data),
};
