import { endpoints } from "@serene/contract/endpoints";
import { callEndpoint } from "../../../lib/api-client";

/** One user (`data`), as stored now. */
export function getUser(id: string, signal?: AbortSignal) {
  return callEndpoint(endpoints.users.get, { params: { user_id: id }, signal });
}
