import { resourceResponseSchema, type UpdateResourceBody } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** PUT /user/resources/:id; image and resourceUrl only when replaced. Answers "{title} Updated Successfully". */
export function updateResource(id: string, body: UpdateResourceBody) {
  return apiRequest(`/user/resources/${encodeURIComponent(id)}`, {
    method: "PUT",
    body,
    schema: resourceResponseSchema,
  });
}
