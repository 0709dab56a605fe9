import { okEnvelopeSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/users with `{id}` (the Users Table's call): the account and its personal data. Answers "User Deleted". */
export function deleteUser(id: string) {
  return apiRequest("/user/users", { method: "POST", body: { id }, schema: okEnvelopeSchema });
}
