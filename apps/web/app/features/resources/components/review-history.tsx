import { Anchor, Badge, Group, List, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import type { ResourceHistoryEntry } from "@serene/contract";
import { useQuery } from "@tanstack/react-query";
import { DateText } from "../../../components/ui/date-text";
import { LoadError } from "../../../components/ui/load-error";
import { resourceHistoryQuery } from "../api";

const ACTION_LABEL: Record<ResourceHistoryEntry["action"], string> = {
  submitted: "Submitted",
  resubmitted: "Sent again",
  approved: "Approved",
  declined: "Declined",
  edited: "Edited",
};

/** A field's value before a step, shown when asked (one click). */
function Previous({
  field,
  entry,
}: {
  field: ResourceHistoryEntry["changed"][number];
  entry: ResourceHistoryEntry;
}) {
  const before = entry.previous;
  const value =
    field === "transcript"
      ? before.transcript
        ? before.transcript.text
        : "No transcript"
      : field === "cover" || field === "audio"
        ? null
        : (before[field] ?? "");
  return (
    <details>
      <summary>
        <Text span size="sm">
          {field[0]!.toUpperCase() + field.slice(1)} changed: see before
        </Text>
      </summary>
      {field === "cover" && before.cover ? (
        <img
          src={before.cover}
          alt="The cover before"
          width={96}
          height={96}
          style={{ objectFit: "cover" }}
        />
      ) : field === "audio" && before.audio ? (
        <Anchor href={before.audio} target="_blank" size="sm">
          The audio before
        </Anchor>
      ) : (
        <Text size="sm" component="pre" style={{ whiteSpace: "pre-wrap", maxHeight: 200, overflow: "auto" }}>
          {value}
        </Text>
      )}
    </details>
  );
}

/** A content's review history: each submission and decision, its feedback, and what changed since. */
export function ReviewHistory({ id }: { id: string }) {
  const history = useQuery(resourceHistoryQuery(id));
  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="history">
      <Title order={2} fz="h4" id="history" mb="xs">
        History
      </Title>
      {history.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading the history" />
      ) : history.isError ? (
        <LoadError
          title="The history could not be loaded"
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      ) : (
        <List listStyleType="none" spacing="sm">
          {history.data.map((entry, i) => (
            <List.Item key={`${entry.at}-${i}`}>
              <Stack gap={4}>
                <Group gap="xs">
                  <Badge
                    variant="light"
                    color={
                      entry.action === "declined" ? "red" : entry.action === "approved" ? "green" : "gray"
                    }
                  >
                    {ACTION_LABEL[entry.action]}
                  </Badge>
                  <Text size="sm" c="dimmed">
                    <DateText iso={entry.at} />
                    {entry.by ? ` by ${entry.by.username}` : ""}
                  </Text>
                </Group>
                {entry.feedback && (
                  <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                    “{entry.feedback}”
                  </Text>
                )}
                {entry.changed.map((field) => (
                  <Previous key={field} field={field} entry={entry} />
                ))}
              </Stack>
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}
