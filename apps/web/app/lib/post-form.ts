import {
  authorizationHeader,
  networkError,
  readAnswer,
  type RequestOptions,
  type ResponseSchema,
} from "./api-client";

// Its own file, free of the contract's schemas: the business portal sends its staff list through it
// without loading zod (upload-file.ts, which checks uploads with a contract schema, does).

export interface FormPostOptions extends Pick<
  RequestOptions<unknown>,
  "signal" | "token" | "redirectOnUnauthorized"
> {
  /** How much of the body has gone. */
  onProgress?: (sent: UploadSent) => void;
}

/** How much of a body has gone: bytes sent of the total, and their fraction from 0 to 1. */
export interface UploadSent {
  loaded: number;
  total: number;
  fraction: number;
}

/**
 * POSTs a multipart form to an API address (`endpointUrl` of its declaration) and answers its success envelope, checked
 * by `schema`. XMLHttpRequest rather than fetch, because only it reports upload progress.
 * Failures are the same ApiErrors as every other call; an abort rejects with `signal.reason`.
 */
export function postForm<T>(
  url: string,
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
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    const authorization = authorizationHeader(token);
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
