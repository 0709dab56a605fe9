import { useCallbackRef } from "@mantine/hooks";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../lib/api-client";
import { type UploadedFile, type UploadKind, uploadFile } from "../../lib/upload-file";

/** The chosen file and where its upload stands; `previewUrl` shows the file before it is stored. */
export type MediaUploadState =
  | { status: "empty" }
  | { status: "uploading"; file: File; previewUrl: string; progress: number }
  | { status: "uploaded"; file: File; previewUrl: string; uploaded: UploadedFile }
  | { status: "failed"; file: File; previewUrl: string; error: ApiError };

export interface MediaUpload {
  kind: UploadKind;
  state: MediaUploadState;
  /** Chooses a file and starts uploading it at once; null drops the choice and stops its upload. */
  choose: (file: File | null) => void;
  /**
   * The chosen file as stored, or null when none is chosen. Waits for an upload under way and
   * tries again one that never reached the server (or met a server error); rejects with the
   * ApiError of an upload the server refused.
   */
  result: () => Promise<UploadedFile | null>;
}

interface Job {
  file: File;
  previewUrl: string;
  controller: AbortController;
  promise: Promise<UploadedFile>;
}

const worthRetrying = (error: unknown) =>
  error instanceof ApiError && (error.httpStatus === 0 || error.httpStatus >= 500);

/**
 * One file field's upload to POST /user/upload: it starts as soon as a file is chosen, so the
 * file is on its way while the rest of the form is filled in, and reports its progress.
 * Choosing again, clearing, or unmounting stops an upload under way.
 */
export function useMediaUpload(kind: UploadKind, onUploaded?: (uploaded: UploadedFile) => void): MediaUpload {
  const [state, setState] = useState<MediaUploadState>({ status: "empty" });
  const job = useRef<Job | null>(null);
  const notifyUploaded = useCallbackRef(onUploaded);

  const stop = useCallback(() => {
    const current = job.current;
    job.current = null;
    if (!current) return;
    current.controller.abort();
    URL.revokeObjectURL(current.previewUrl);
  }, []);

  const start = useCallback(
    (file: File, previewUrl: string) => {
      const controller = new AbortController();
      const onProgress = (progress: number) => {
        if (job.current?.controller === controller)
          setState({ status: "uploading", file, previewUrl, progress });
      };
      const promise = uploadFile(file, kind, onProgress, controller.signal);
      job.current = { file, previewUrl, controller, promise };
      setState({ status: "uploading", file, previewUrl, progress: 0 });
      promise.then(
        (uploaded) => {
          if (job.current?.controller !== controller) return;
          setState({ status: "uploaded", file, previewUrl, uploaded });
          notifyUploaded(uploaded);
        },
        (error: unknown) => {
          if (job.current?.controller !== controller) return;
          if (!(error instanceof ApiError)) throw error;
          setState({ status: "failed", file, previewUrl, error });
        },
      );
      return promise;
    },
    [kind, notifyUploaded],
  );

  const choose = useCallback(
    (file: File | null) => {
      stop();
      if (file) void start(file, URL.createObjectURL(file));
      else setState({ status: "empty" });
    },
    [start, stop],
  );

  const result = useCallback(async () => {
    const current = job.current;
    if (!current) return null;
    try {
      return await current.promise;
    } catch (error) {
      if (job.current === current && worthRetrying(error)) return start(current.file, current.previewUrl);
      throw error;
    }
  }, [start]);

  useEffect(() => stop, [stop]);

  return { kind, state, choose, result };
}
