import { type UploadResponse, uploadResponseSchema } from "@serene/contract";
import {
  API_BASE,
  authorizationHeader,
  networkError,
  readAnswer,
  type RequestOptions,
  type ResponseSchema,
} from "./api-client";

export type UploadKind = UploadResponse["data"]["kind"];
export type UploadedFile = UploadResponse["data"];

export interface FormPostOptions extends Pick<
  RequestOptions<unknown>,
  "signal" | "token" | "redirectOnUnauthorized"
> {
  /** The fraction of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * POSTs a multipart form to the API (`/api/v1` + path) and answers its success envelope, checked
 * by `schema`. XMLHttpRequest rather than fetch, because only it reports upload progress.
 * Failures are the same ApiErrors as every other call; an abort rejects with `signal.reason`.
 */
export function postForm<T>(
  path: string,
  body: FormData,
  schema: ResponseSchema<T>,
  { onProgress, signal, token, redirectOnUnauthorized = true }: FormPostOptions = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_BASE}${path}`);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    const authorization = authorizationHeader(token);
    if (authorization) xhr.setRequestHeader("Authorization", authorization);

    const abort = () => xhr.abort();
    signal?.addEventListener("abort", abort, { once: true });
    const settle = () => signal?.removeEventListener("abort", abort);

    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      settle();
      try {
        // responseType "json" gives null for a body that is not JSON.
        resolve(readAnswer(xhr.status, xhr.response, schema, redirectOnUnauthorized));
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
    xhr.send(body);
  });
}

/**
 * POST /user/upload?kind=…: sends one file (multipart field `file`) and answers what the server
 * stored (`secure_url`, and for audio its `duration`), reporting its progress as `postForm` does.
 */
export async function uploadFile(
  file: File,
  kind: UploadKind,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  const body = new FormData();
  body.append("file", file);
  const answer = await postForm(`/user/upload?kind=${kind}`, body, uploadResponseSchema, {
    onProgress,
    signal,
  });
  return answer.data;
}
