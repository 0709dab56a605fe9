import { Alert, Paper, Stack, Text, Title } from "@mantine/core";
import { LOUDNESS_RANGE, type Resource } from "@serene/contract";
import { IconAlertTriangle } from "@tabler/icons-react";

/** What the loudness says to a reviewer, when it is outside the catalogue's range. */
export function loudnessWarnings(loudness: Resource["loudness"]): string[] {
  if (!loudness) return [];
  const warnings: string[] = [];
  if (loudness.lufs < LOUDNESS_RANGE.minLufs)
    warnings.push("Quieter than most of the catalogue: listeners will turn it up.");
  if (loudness.lufs > LOUDNESS_RANGE.maxLufs)
    warnings.push("Louder than most of the catalogue: listeners will turn it down.");
  if (loudness.peak > LOUDNESS_RANGE.maxPeak)
    warnings.push("Its peaks go above −1 dBTP: it may distort on some phones and speakers.");
  return warnings;
}

const signed = (n: number) => n.toFixed(1).replace("-", "−");

/** The review's measured facts: duration, loudness (with warnings) and the transcript, or its absence. */
export function ReviewFacts({ resource }: { resource: Resource }) {
  const warnings = loudnessWarnings(resource.loudness);
  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="facts">
      <Title order={2} fz="h4" id="facts" mb="xs">
        Measured from the audio
      </Title>
      <Stack gap="xs">
        <Text size="sm">
          Duration: <strong>{resource.duration || "not measured yet"}</strong>
        </Text>
        <Text size="sm">
          Loudness:{" "}
          {resource.loudness ? (
            <strong>
              {signed(resource.loudness.lufs)} LUFS, true peak {signed(resource.loudness.peak)} dBTP
            </strong>
          ) : (
            <strong>silent or not measured yet</strong>
          )}
        </Text>
        {warnings.map((w) => (
          <Alert
            key={w}
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          >
            {w}
          </Alert>
        ))}
        {resource.transcript ? (
          <details>
            <summary>
              <Text span size="sm" fw={600}>
                Transcript ({resource.transcript.format === "vtt" ? "WebVTT" : "text"})
              </Text>
            </summary>
            <Text
              size="sm"
              component="pre"
              style={{ whiteSpace: "pre-wrap", maxHeight: 240, overflow: "auto" }}
            >
              {resource.transcript.text}
            </Text>
          </details>
        ) : (
          <Text size="sm" fw={600}>
            No transcript
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
