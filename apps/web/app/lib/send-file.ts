import type { UploadResponse } from "@serene/contract";
import type { hostContentEndpoints, mediaEndpoints } from "@serene/contract/endpoints";
import { endpointUrl, type ResponseSchema } from "./api-client";
import { postForm, type UploadSent } from "./post-form";

export type UploadKind = UploadResponse["data"]["kind"];
export type { UploadSent } from "./post-form";

/**
 * Where a file goes and how its answer reads: the back office's POST /user/upload (the stored
 * token; a 401 goes to its sign-in), or the app's POST /app/uploads (the listener's cookie, and
 * a schema named as a type only, so no zod ships with the listener's pages).
 */
export interface UploadTarget<T> {
  endpoint: typeof mediaEndpoints.upload | typeof hostContentEndpoints.upload;
  schema: ResponseSchema<{ data: T }>;
  asListener?: boolean;
}

/**
 * Sends one file (multipart field `file`) to `target` and answers what the server stored
 * (`secure_url`, and for audio its `duration`), reporting the bytes sent as `postForm` does.
 */
export async function sendFile<T>(
  target: UploadTarget<T>,
  file: File,
  kind: UploadKind,
  onProgress?: (sent: UploadSent) => void,
  signal?: AbortSignal,
): Promise<T> {
  const body = new FormData();
  body.append("file", file);
  // The listener's session is its httpOnly cookie, never a stored token.
  const listener = target.asListener ? { token: null, redirectOnUnauthorized: false } : {};
  const answer = await postForm(endpointUrl(target.endpoint, { query: { kind } }), body, target.schema, {
    onProgress,
    signal,
    ...listener,
  });
  return answer.data;
}
