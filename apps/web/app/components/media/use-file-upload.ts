import { useCallbackRef } from "@mantine/hooks";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../lib/api-client";
import type { UploadKind, UploadSent } from "../../lib/send-file";

/** Sends a file, telling the bytes sent (`sendFile` bound to its target). */
export type SendFile<T> = (
  file: File,
  kind: UploadKind,
  onProgress: (sent: UploadSent) => void,
  signal: AbortSignal,
) => Promise<T>;

/** The chosen file and where its upload stands; `previewUrl` shows the file before it is stored. */
export type MediaUploadState<T = unknown> =
  | { status: "empty" }
  | { status: "uploading"; file: File; previewUrl: string; sent: UploadSent }
  | { status: "uploaded"; file: File; previewUrl: string; uploaded: T }
  | { status: "failed"; file: File; previewUrl: string; error: ApiError };

export interface MediaUpload<T = unknown> {
  kind: UploadKind;
  state: MediaUploadState<T>;
  /** Chooses a file and starts uploading it at once; null drops the choice and stops its upload. */
  choose: (file: File | null) => void;
  /**
   * The chosen file as stored, or null when none is chosen. Waits for an upload under way and
   * tries again one that never reached the server (or met a server error); rejects with the
   * ApiError of an upload the server refused.
   */
  result: () => Promise<T | null>;
}

interface Job<T> {
  file: File;
  previewUrl: string;
  controller: AbortController;
  promise: Promise<T>;
}

const worthRetrying = (error: unknown) =>
  error instanceof ApiError && (error.httpStatus === 0 || error.httpStatus >= 500);

/**
 * One file field's upload through `send`: it starts as soon as a file is chosen, so the file is
 * on its way while the rest of the form is filled in, and reports the bytes sent.
 * Choosing again, clearing, or unmounting stops an upload under way.
 */
export function useFileUpload<T>(
  kind: UploadKind,
  send: SendFile<T>,
  onUploaded?: (uploaded: T) => void,
): MediaUpload<T> {
  const [state, setState] = useState<MediaUploadState<T>>({ status: "empty" });
  const job = useRef<Job<T> | null>(null);
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
      const onProgress = (sent: UploadSent) => {
        if (job.current?.controller === controller) setState({ status: "uploading", file, previewUrl, sent });
      };
      const promise = send(file, kind, onProgress, controller.signal);
      job.current = { file, previewUrl, controller, promise };
      setState({
        status: "uploading",
        file,
        previewUrl,
        sent: { loaded: 0, total: file.size, fraction: 0 },
      });
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
    [kind, send, notifyUploaded],
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
