import { FileInput, Group, Image, Progress, Stack, Text } from "@mantine/core";
import { IconMusic, IconPhoto } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatBytes } from "../../lib/format";
import type { UploadSent } from "../../lib/send-file";
import type { MediaUpload } from "./use-file-upload";

/** What each kind of field accepts (the server checks the content again). */
const kinds = {
  image: {
    accept: "image/png,image/gif,image/jpeg",
    placeholder: "Choose a PNG, GIF or JPEG image",
    keep: "Keep the current image",
    icon: IconPhoto,
  },
  audio: {
    accept: "audio/mpeg,.mp3",
    placeholder: "Choose an MP3 file",
    keep: "Keep the current audio",
    icon: IconMusic,
  },
} as const;

interface MediaFieldProps {
  label: string;
  upload: MediaUpload<unknown>;
  /** The stored file (update mode), shown until another one is chosen. */
  currentUrl?: string | null;
  /** The server's objection to this field, shown in place of an upload error. */
  error?: ReactNode;
  withAsterisk?: boolean;
  disabled?: boolean;
}

/** A file field for an image or an mp3: preview (or player), upload progress and its error. */
export function MediaField({ label, upload, currentUrl, error, withAsterisk, disabled }: MediaFieldProps) {
  const { kind, state } = upload;
  const { accept, placeholder, keep, icon: KindIcon } = kinds[kind];
  const chosen = state.status === "empty" ? null : state;
  // A file the server refused is likely no image or mp3 at all: the stored one is shown instead.
  const previewUrl = (state.status === "failed" ? null : chosen?.previewUrl) ?? currentUrl ?? null;

  return (
    <Stack gap={8}>
      <FileInput
        label={label}
        placeholder={currentUrl ? keep : placeholder}
        accept={accept}
        value={chosen?.file ?? null}
        onChange={upload.choose}
        clearable
        clearButtonProps={{ "aria-label": `Remove the chosen file from ${label}` }}
        leftSection={<KindIcon size={18} aria-hidden="true" />}
        error={error ?? (state.status === "failed" ? state.error.message : undefined)}
        withAsterisk={withAsterisk}
        disabled={disabled}
      />
      {previewUrl &&
        (kind === "image" ? (
          <Image
            src={previewUrl}
            alt={`${label} preview`}
            h={112}
            w={112}
            fit="cover"
            radius="md"
            bg="var(--mantine-color-default-hover)"
          />
        ) : (
          // eslint-disable-next-line jsx-a11y/media-has-caption -- uploaded audio has no caption file
          <audio
            controls
            preload="metadata"
            src={previewUrl}
            aria-label={`${label} preview`}
            style={{ width: "100%", height: 40 }}
          />
        ))}
      {(state.status === "uploading" || state.status === "uploaded") && (
        <UploadProgress
          label={label}
          sent={
            state.status === "uploaded"
              ? { loaded: state.file.size, total: state.file.size, fraction: 1 }
              : state.sent
          }
        />
      )}
    </Stack>
  );
}

function UploadProgress({ label, sent }: { label: string; sent: UploadSent }) {
  const percent = Math.round(sent.fraction * 100);
  const done = sent.fraction >= 1;
  return (
    <div>
      <Progress
        value={percent}
        aria-label={`${label} upload`}
        color={done ? "teal" : undefined}
        striped={!done}
        animated={!done}
        size="sm"
      />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed" aria-live="polite">
          {done ? "Uploaded" : "Uploading…"}
        </Text>
        <Text size="xs" c="dimmed" data-testid="upload-progress">
          {formatBytes(sent.loaded)} of {formatBytes(sent.total)} · {percent}%
        </Text>
      </Group>
    </div>
  );
}
