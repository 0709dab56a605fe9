import { type CreateResourceBody, resourceResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/resources (image and resourceUrl: URLs answered by the upload). */
export function createResource(body: CreateResourceBody) {
  return apiRequest("/user/resources", { method: "POST", body, schema: resourceResponseSchema });
}
