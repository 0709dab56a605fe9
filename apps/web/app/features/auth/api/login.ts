import { type LoginBody, loginResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /auth/login. A wrong password answers 401, which here is a message, not an ended session. */
export function login(body: LoginBody) {
  return apiRequest("/auth/login", {
    method: "POST",
    body,
    schema: loginResponseSchema,
    redirectOnUnauthorized: false,
  });
}
