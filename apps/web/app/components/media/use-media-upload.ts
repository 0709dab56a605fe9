import { type UploadedFile, type UploadKind, uploadFile } from "../../lib/upload-file";
import { type MediaUpload, useFileUpload } from "./use-file-upload";

export type { MediaUpload, MediaUploadState } from "./use-file-upload";

/** One file field's upload to the back office's POST /user/upload (see `useFileUpload`). */
export const useMediaUpload = (
  kind: UploadKind,
  onUploaded?: (uploaded: UploadedFile) => void,
): MediaUpload<UploadedFile> => useFileUpload(kind, uploadFile, onUploaded);
