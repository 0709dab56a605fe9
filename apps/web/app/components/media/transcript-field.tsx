import { Button, FileButton, Group, SegmentedControl, Stack, Text, Textarea } from "@mantine/core";
import type { Transcript } from "@serene/contract";

export type TranscriptChoice = "none" | Transcript["format"];

export interface TranscriptValues {
  transcriptFormat: TranscriptChoice;
  transcriptText: string;
}

/** The form's values for a content's transcript (none when it has none). */
export const transcriptValues = (transcript: Transcript | null | undefined): TranscriptValues => ({
  transcriptFormat: transcript?.format ?? "none",
  transcriptText: transcript?.text ?? "",
});

/** What the form sends: the transcript, null to remove one it had, nothing when there was none. */
export function transcriptBody(values: TranscriptValues, had: boolean): Transcript | null | undefined {
  if (values.transcriptFormat === "none") return had ? null : undefined;
  return { format: values.transcriptFormat, text: values.transcriptText };
}

/**
 * A transcript, pasted or read from a .vtt / .txt file: a text alternative to the audio (WCAG
 * 1.2.1). WebVTT keeps its timing, so the player can follow the audio.
 */
export function TranscriptField({
  format,
  text,
  error,
  onFormat,
  onText,
}: {
  format: TranscriptChoice;
  text: string;
  error?: React.ReactNode;
  onFormat: (format: TranscriptChoice) => void;
  onText: (text: string) => void;
}) {
  const readFile = async (file: File | null) => {
    if (!file) return;
    onFormat(file.name.toLowerCase().endsWith(".vtt") ? "vtt" : "text");
    onText(await file.text());
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="transcript-label">
        Transcript
      </Text>
      <Group gap="sm">
        <SegmentedControl
          aria-labelledby="transcript-label"
          value={format}
          onChange={(value) => onFormat(value as TranscriptChoice)}
          data={[
            { value: "none", label: "None" },
            { value: "text", label: "Plain text" },
            { value: "vtt", label: "WebVTT" },
          ]}
        />
        <FileButton onChange={(file) => void readFile(file)} accept=".vtt,.txt,text/vtt,text/plain">
          {(props) => (
            <Button variant="default" size="xs" {...props}>
              Upload a .vtt or .txt file
            </Button>
          )}
        </FileButton>
      </Group>
      {format !== "none" && (
        <Textarea
          aria-label="Transcript text"
          value={text}
          onChange={(event) => onText(event.currentTarget.value)}
          error={error}
          autosize
          minRows={4}
          maxRows={12}
          description={format === "vtt" ? "Starts with WEBVTT, then timed cues" : "Up to 200 KB"}
          inputWrapperOrder={["input", "description", "error"]}
        />
      )}
      {format === "none" && error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}
