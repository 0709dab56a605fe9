import { type UploadResponse, uploadResponseSchema } from "@serene/contract";
import { mediaEndpoints } from "@serene/contract/endpoints";
import { authorizationHeader, endpointUrl, networkError, readAnswer } from "./api-client";

export type UploadKind = UploadResponse["data"]["kind"];
export type UploadedFile = UploadResponse["data"];

/**
 * Uploads one file (multipart field `file`) and answers what the server
 * stored (`secure_url`, and for audio its `duration`). XMLHttpRequest rather than fetch, because
 * only it reports upload progress: `onProgress` receives the fraction sent, from 0 to 1.
 * Failures are the same ApiErrors as every other call; an abort rejects with `signal.reason`.
 */
export function uploadFile(
  file: File,
  kind: UploadKind,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", endpointUrl(mediaEndpoints.upload, { query: { kind } }));
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    const authorization = authorizationHeader();
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
        resolve(readAnswer(xhr.status, xhr.response, uploadResponseSchema).data);
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
