import type { UploadResponse } from "@serene/contract";
import { API_BASE, authorizationHeader, networkError, readAnswer, type ResponseSchema } from "./api-client";

export type UploadKind = UploadResponse["data"]["kind"];

/** How much of a file has gone: bytes sent of the total, and their fraction from 0 to 1. */
export interface UploadSent {
  loaded: number;
  total: number;
  fraction: number;
}

/**
 * Where a file goes and how its answer reads: the back office's POST /user/upload (the stored
 * token; a 401 goes to its sign-in), or the app's POST /app/uploads (the listener's cookie, and
 * a schema named as a type only, so no zod ships with the listener's pages).
 */
export interface UploadTarget<T> {
  path: string;
  schema: ResponseSchema<{ data: T }>;
  asListener?: boolean;
}

/**
 * Sends one file (multipart field `file`) to `target` and answers what the server stored
 * (`secure_url`, and for audio its `duration`). XMLHttpRequest rather than fetch, because only
 * it reports upload progress: `onProgress` receives the bytes sent.
 * Failures are the same ApiErrors as every other call; an abort rejects with `signal.reason`.
 */
export function sendFile<T>(
  target: UploadTarget<T>,
  file: File,
  kind: UploadKind,
  onProgress?: (sent: UploadSent) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_BASE}${target.path}?kind=${kind}`);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    // The listener's session is its httpOnly cookie, never a stored token.
    const authorization = target.asListener ? undefined : authorizationHeader();
    if (authorization) xhr.setRequestHeader("Authorization", authorization);

    const abort = () => xhr.abort();
    signal?.addEventListener("abort", abort, { once: true });
    const settle = () => signal?.removeEventListener("abort", abort);

    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable)
        onProgress?.({ loaded: event.loaded, total: event.total, fraction: event.loaded / event.total });
    });
    xhr.addEventListener("load", () => {
      settle();
      try {
        // responseType "json" gives null for a body that is not JSON.
        resolve(readAnswer(xhr.status, xhr.response, target.schema, !target.asListener).data);
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener("error", () => {
      settle();
      reject(networkError());
    });
    xhr.addEventListener("abort", () => {
      settle();
      reject(signal?.reason ?? new DOMException("The upload was cancelled.", "AbortError"));
    });

    const body = new FormData();
    body.append("file", file);
    xhr.send(body);
  });
}
