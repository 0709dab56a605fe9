import { okEnvelopeSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/resources/delete: the content and its files. Answers "Content Deleted". */
export function deleteResource(id: string) {
  return apiRequest("/user/resources/delete", { method: "POST", body: { id }, schema: okEnvelopeSchema });
}
