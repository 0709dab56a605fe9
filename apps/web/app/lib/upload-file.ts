import { type UploadResponse, uploadResponseSchema } from "@serene/contract";
import { mediaEndpoints } from "@serene/contract/endpoints";
import { endpointUrl } from "./api-client";
import { postForm } from "./post-form";

export type UploadKind = UploadResponse["data"]["kind"];
export type UploadedFile = UploadResponse["data"];

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
  const answer = await postForm(
    endpointUrl(mediaEndpoints.upload, { query: { kind } }),
    body,
    uploadResponseSchema,
    {
      onProgress,
      signal,
    },
  );
  return answer.data;
}
