import type { ReplyOf, UploadResponse } from "@serene/contract";
import type { hostContentEndpoints, mediaEndpoints } from "@serene/contract/endpoints";
import { endpointUrl, type ResponseSchema } from "./api-client";
import { postForm, type UploadSent } from "./post-form";

export type UploadKind = UploadResponse["data"]["kind"];
export type { UploadSent } from "./post-form";

type UploadEndpoint = typeof mediaEndpoints.upload | typeof hostContentEndpoints.upload;
/** What the server stored, as an upload endpoint answers it (its `data`). */
type UploadAnswer<E extends UploadEndpoint> = ReplyOf<E> extends { data: infer T } ? T : never;

/**
 * Where a file goes and how its answer reads: the back office's POST /user/upload (the stored
 * token; a 401 goes to its sign-in), or the app's POST /app/uploads (the listener's cookie).
 */
export interface UploadTarget<E extends UploadEndpoint> {
  endpoint: E;
  /**
   * Checks the answer again in the browser (the back office, which loads the contract's schemas);
   * without it the answer is typed by the declaration alone, as `callEndpoint`'s, so no zod ships
   * with the listener's pages.
   */
  schema?: ResponseSchema<ReplyOf<E>>;
  asListener?: boolean;
}

/**
 * Sends one file (multipart field `file`) to `target` and answers what the server stored
 * (`secure_url`, and for audio its `duration`), reporting the bytes sent as `postForm` does.
 */
export async function sendFile<E extends UploadEndpoint>(
  target: UploadTarget<E>,
  file: File,
  kind: UploadKind,
  onProgress?: (sent: UploadSent) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer<E>> {
  const body = new FormData();
  body.append("file", file);
  // The listener's session is its httpOnly cookie, never a stored token.
  const listener = target.asListener ? { token: null, redirectOnUnauthorized: false } : {};
  const schema = target.schema ?? { parse: (payload) => payload as ReplyOf<E> };
  const endpoint: UploadEndpoint = target.endpoint;
  const answer = await postForm(endpointUrl(endpoint, { query: { kind } }), body, schema, {
    onProgress,
    signal,
    ...listener,
  });
  return (answer as { data: UploadAnswer<E> }).data;
}
