import { type RegisterUserBody, userResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/register (image: a URL answered by the upload). Answers "User Created Successfully"; a used e-mail 409. */
export function registerUser(body: RegisterUserBody) {
  return apiRequest("/user/register", { method: "POST", body, schema: userResponseSchema });
}
