import { type UploadResponse, uploadResponseSchema } from "@serene/contract";
import { mediaEndpoints } from "@serene/contract/endpoints";
import { sendFile, type UploadKind, type UploadSent, type UploadTarget } from "./send-file";

export type { UploadKind, UploadSent } from "./send-file";
export type UploadedFile = UploadResponse["data"];

const backOfficeUpload: UploadTarget<typeof mediaEndpoints.upload> = {
  endpoint: mediaEndpoints.upload,
  schema: uploadResponseSchema,
};

/** POST /user/upload?kind=… as the back office (see `sendFile`), the answer checked by the contract. */
export const uploadFile = (
  file: File,
  kind: UploadKind,
  onProgress?: (sent: UploadSent) => void,
  signal?: AbortSignal,
) => sendFile(backOfficeUpload, file, kind, onProgress, signal);
