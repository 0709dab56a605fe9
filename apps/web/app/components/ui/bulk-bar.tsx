import { Button, Group, Modal, Paper, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { BULK_MAX, type BulkResult, MESSAGE_MAX } from "@serene/contract";
import { type ReactNode, useState } from "react";
import { ApiError } from "../../lib/api-client";
import { formatCount, plural } from "../../lib/format";
import { notifyFailure, notifySuccess } from "../../lib/notify";
import { useRestoreFromTrash } from "../../lib/trash";
import type { RowSelection } from "../../lib/use-row-selection";
import { CountedTextarea } from "./counted-textarea";

/** One action a list offers for the rows picked. */
export interface BulkAction<A extends string = string> {
  action: A;
  /** The button's word ("Delete"), also the confirmation's ("Delete 12 users?"). */
  label: string;
  icon?: ReactNode;
  /** Red for what removes rows. */
  danger?: boolean;
  /** The rows go to the trash: the toast offers Undo, which restores the rows just done. */
  undoable?: boolean;
  /** A text the action sends (the message, the feedback): its label, and whether it must be written. */
  text?: { label: string; required: boolean };
}

/** The rows a bulk request is for: the ones picked, or all matching the list's filter. */
export type BulkTarget = { ids: string[] } | { filter: object };

export type RunBulk<A extends string> = (
  action: A,
  target: BulkTarget,
  text: string | undefined,
) => Promise<{ message: string; data: BulkResult }>;

interface BulkBarProps<A extends string> {
  selection: RowSelection;
  /** The ids of the page shown, and how many rows the filter matches in all. */
  pageIds: readonly string[];
  total: number;
  /** The list's filter (for "all matching"). */
  filter: object;
  /** What a row is: "user", "users". */
  noun: readonly [one: string, many: string];
  actions: readonly BulkAction<A>[];
  run: RunBulk<A>;
}

/** The rows the rules left alone, named in the toast (the first few). */
function failureList(failed: BulkResult["failed"]): string {
  const shown = failed.slice(0, 5).map((f) => `${f.name}: ${f.message}`);
  if (failed.length > shown.length) shown.push(`and ${formatCount(failed.length - shown.length)} more`);
  return shown.join("\n");
}

/**
 * Above a list once rows are picked: how many, "Select all N matching", the list's actions and
 * Clear. Each action asks first, naming the count ("Delete 12 users?"), then runs as one request.
 */
export function BulkBar<A extends string>({
  selection,
  pageIds,
  total,
  filter,
  noun,
  actions,
  run,
}: BulkBarProps<A>) {
  const [asking, setAsking] = useState<BulkAction<A> | null>(null);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const restore = useRestoreFromTrash();

  const count = selection.allMatching ? total : selection.ids.size;
  if (count === 0) return null;
  const wholePage = pageIds.every((id) => selection.isSelected(id));
  const many = (n: number) => plural(n, noun[0], noun[1]);
  const tooMany = count > BULK_MAX;

  const confirm = async () => {
    if (!asking) return;
    setBusy(true);
    try {
      const target: BulkTarget = selection.allMatching ? { filter } : { ids: [...selection.ids] };
      const answer = await run(asking.action, target, asking.text ? text.trim() : undefined);
      if (answer.data.failed.length > 0) {
        notifications.show({
          color: answer.data.done > 0 ? "yellow" : "red",
          title: answer.message,
          message: <span style={{ whiteSpace: "pre-line" }}>{failureList(answer.data.failed)}</span>,
          autoClose: 12000,
        });
      } else {
        const { ids } = answer.data;
        notifySuccess(answer.message, asking.undoable && ids.length ? () => restore(ids) : undefined);
      }
      selection.clear();
      setAsking(null);
    } catch (error) {
      notifyFailure(`${asking.label} failed`, error instanceof ApiError ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="xs" bg="var(--mantine-primary-color-light)">
      <Group gap="sm" justify="space-between">
        <Group gap="xs">
          <Text size="sm" fw={700} role="status">
            {selection.allMatching ? `All ${many(total)} matching selected` : `${many(count)} selected`}
          </Text>
          {wholePage && !selection.allMatching && total > pageIds.length && (
            <Button size="compact-sm" variant="subtle" onClick={selection.selectAllMatching}>
              Select all {formatCount(total)} matching
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" color="gray" onClick={selection.clear}>
            Clear selection
          </Button>
        </Group>
        <Group gap="xs">
          {actions.map((action) => (
            <Button
              key={action.action}
              size="xs"
              variant="light"
              color={action.danger ? "red" : undefined}
              leftSection={action.icon}
              disabled={tooMany}
              title={tooMany ? `At most ${formatCount(BULK_MAX)} at once` : undefined}
              onClick={() => {
                setText("");
                setAsking(action);
              }}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      </Group>

      <Modal
        opened={asking !== null}
        onClose={() => !busy && setAsking(null)}
        title={asking ? `${asking.label} ${many(count)}?` : ""}
        closeButtonProps={{ "aria-label": "Close" }}
        styles={{ title: { fontWeight: 800 } }}
      >
        {asking && (
          <Stack gap="md">
            {asking.text && (
              <CountedTextarea
                label={asking.text.label}
                value={text}
                max={MESSAGE_MAX}
                onChange={(event) => setText(event.currentTarget.value)}
                required={asking.text.required}
                data-autofocus
              />
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setAsking(null)} disabled={busy}>
                Cancel
              </Button>
              <Button
                // A darker red: white text on it keeps its contrast.
                color={asking.danger ? "red.9" : undefined}
                loading={busy}
                disabled={Boolean(asking.text?.required && text.trim() === "")}
                onClick={() => void confirm()}
              >
                {asking.label} {many(count)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
