import { useEffect, useState } from "react";

/**
 * The length of a chosen audio file, read in the browser from an <audio> element's metadata,
 * so the host sees it before saving (the server measures the frames again on upload).
 * Null before a file is chosen, while it is read, or when the browser cannot read it.
 */
export function useAudioLength(file: File | null): number | null {
  const [seconds, setSeconds] = useState<{ file: File; seconds: number } | null>(null);
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    const audio = new Audio();
    audio.preload = "metadata";
    audio.onloadedmetadata = () => {
      if (Number.isFinite(audio.duration)) setSeconds({ file, seconds: audio.duration });
    };
    audio.src = url;
    return () => {
      audio.onloadedmetadata = null;
      audio.removeAttribute("src");
      URL.revokeObjectURL(url);
    };
  }, [file]);
  return file && seconds?.file === file ? seconds.seconds : null;
}

/** "1 min 30 s", "45 s": a length to the second. */
export function sayLength(totalSeconds: number): string {
  const s = Math.round(totalSeconds);
  const minutes = Math.floor(s / 60);
  if (minutes === 0) return `${s} s`;
  return s % 60 === 0 ? `${minutes} min` : `${minutes} min ${s % 60} s`;
}
