import {
  type BusinessListQuery,
  businessActivityListResponseSchema,
  businessDetailResponseSchema,
  businessListResponseSchema,
  businessResponseSchema,
  type GrantSeatsInput,
  okEnvelopeSchema,
} from "@serene/contract";
import { apiList, apiRequest } from "../../../lib/api-client";

const path = (id: string) => `/user/businesses/${encodeURIComponent(id)}`;

/** GET /user/businesses: one page of businesses in the order asked; `q` searches name, billing and admin addresses. */
export function listBusinesses(params: Partial<BusinessListQuery>, signal?: AbortSignal) {
  return apiList("/user/businesses", { query: params, schema: businessListResponseSchema, signal });
}

/** GET /user/businesses/:id: the business with its admins, purchases and seats by state. */
export function getBusiness(id: string, signal?: AbortSignal) {
  return apiRequest(path(id), { schema: businessDetailResponseSchema, signal });
}

/** GET /user/businesses/:id/activity: the newest entries of the business's own activity log. */
export function listBusinessActivity(id: string, signal?: AbortSignal) {
  return apiList(`${path(id)}/activity`, {
    query: { limit: 20 },
    schema: businessActivityListResponseSchema,
    signal,
  });
}

/** POST /user/businesses/:id/seats: free seats, with a reason (audited). */
export function grantSeats(id: string, body: GrantSeatsInput) {
  return apiRequest(`${path(id)}/seats`, { method: "POST", body, schema: businessResponseSchema });
}

/** POST /user/businesses/:id/admins/:email/link: e-mails an admin a new portal sign-in link. */
export function sendPortalLink(id: string, email: string) {
  return apiRequest(`${path(id)}/admins/${encodeURIComponent(email)}/link`, {
    method: "POST",
    schema: okEnvelopeSchema,
  });
}
