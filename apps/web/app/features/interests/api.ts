import type { CreateInterestBody, UpdateInterestBody } from "@serene/contract";
import { endpoints } from "@serene/contract/endpoints";
import { callEndpoint } from "../../lib/api-client";

// The interests' writes; the list every feature reads is `useInterests` in lib/shared-api.ts.

/** Creates an interest (icon: a URL answered by the upload). A name in use answers 409. */
export function createInterest(body: CreateInterestBody) {
  return callEndpoint(endpoints.interests.create, { body });
}

/** The fields to change (icon only when replaced). */
export function updateInterest(id: string, body: UpdateInterestBody) {
  return callEndpoint(endpoints.interests.update, { params: { id }, body });
}

/** Its contents stay, without an interest (`uncategorisedResources`). */
export function deleteInterest(id: string) {
  return callEndpoint(endpoints.interests.remove, { body: { id } });
}
