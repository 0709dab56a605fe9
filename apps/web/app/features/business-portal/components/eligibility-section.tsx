import { Alert, Button, FileInput, Group, NumberInput, Progress, Stack, Text } from "@mantine/core";
import type { EligibilityDiff } from "@serene/contract";
import { DEFAULT_GRACE_DAYS, MAX_ELIGIBILITY_ROWS, MAX_GRACE_DAYS } from "@serene/contract/business";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { formatCount, formatDate, plural } from "../../../lib/format";
import { notifyFailure } from "../../../lib/notify";
import { portalApi, usePortalWrite } from "../api";
import { failureAdvice } from "../failure-advice";
import { usePortal, usePortalPath } from "../portal-context";
import { PortalSection } from "./portal-section";
import { StaffListDiff } from "./staff-list-diff";
import { portalDialogs } from "../portal-dialogs";

/** "1 person loses", "2 people lose". */
const people = (count: number, one: string, many: string) =>
  `${plural(count, "person", "people")} ${count === 1 ? one : many}`;

/** The file's sending, then the server's check of it (no progress to report: a moving bar). */
function UploadProgress({ sent }: { sent: number }) {
  const checking = sent >= 1;
  const words = checking ? "Checking the list…" : `Sending the file: ${Math.round(sent * 100)} %`;
  return (
    <Stack gap={4} maw={560} role="status">
      <Text size="sm">{words}</Text>
      <Progress
        value={checking ? 100 : Math.round(sent * 100)}
        animated={checking}
        striped={checking}
        aria-label={words}
      />
    </Stack>
  );
}

/**
 * The staff list keeps the seats in step: upload it, see the dry run (who is invited, who is
 * already in, who loses their seat and when, which lines have no valid address), then apply it.
 */
export function EligibilitySection() {
  const { businessId } = usePortal();
  const pathTo = usePortalPath();
  const [file, setFile] = useState<File | null>(null);
  const [graceDays, setGraceDays] = useState<number>(DEFAULT_GRACE_DAYS);
  const [sent, setSent] = useState<number | null>(null);
  const upload = (apply: boolean) => (f: File) =>
    portalApi.staffList(businessId, { file: f, graceDays, apply, onProgress: setSent });
  const settled = { onSettled: () => setSent(null) };
  const check = useMutation({
    mutationFn: upload(false),
    onError: (error) => notifyFailure("The staff list was not checked", failureAdvice(error)),
  });
  const apply = usePortalWrite(businessId, upload(true), {
    saved: (diff) =>
      `Staff list applied: ${plural(diff.invite.length, "person", "people")} invited, ${plural(diff.remove.length, "seat")} to be freed.`,
    failed: "The staff list was not applied",
  });
  const diff: EligibilityDiff | undefined = apply.data ?? check.data;
  const busy = check.isPending || apply.isPending;

  const choose = (next: File | null) => {
    setFile(next);
    check.reset();
    apply.reset();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) return;
    apply.reset();
    check.mutate(file, settled);
  };
  const confirmApply = (dry: EligibilityDiff) =>
    portalDialogs.confirm({
      title: "Apply this staff list?",
      children: (
        <Stack gap="xs">
          {dry.invite.length > 0 && (
            <Text size="sm">{people(dry.invite.length, "gets", "get")} an invitation by e-mail now.</Text>
          )}
          {dry.remove.length > 0 && (
            <Text size="sm">
              {people(dry.remove.length, "loses", "lose")} their seat on {formatDate(dry.remove[0]!.freesOn)},
              each told by e-mail, unless you cancel their removal before then.
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: "Apply the staff list", cancel: "Not now" },
      confirmProps: dry.remove.length > 0 ? { color: "red.9" } : {},
      onConfirm: () => file && apply.mutate(file, settled),
    });

  return (
    <PortalSection of="eligibility">
      <form onSubmit={submit}>
        <Stack maw={560}>
          <FileInput
            label="Staff list (CSV)"
            description={`An email column, and optionally a name column; up to ${formatCount(MAX_ELIGIBILITY_ROWS)} rows.`}
            placeholder="Choose a CSV file"
            accept=".csv,text/csv"
            value={file}
            onChange={choose}
            clearable
            clearButtonProps={{ "aria-label": "Remove the chosen file" }}
            required
          />
          <NumberInput
            label="Grace period (days)"
            description={`People no longer listed keep their seat this long: 0 to ${MAX_GRACE_DAYS} days.`}
            min={0}
            max={MAX_GRACE_DAYS}
            clampBehavior="strict"
            allowDecimal={false}
            value={graceDays}
            onChange={(value) => {
              setGraceDays(typeof value === "number" ? value : DEFAULT_GRACE_DAYS);
              check.reset();
              apply.reset();
            }}
            w={320}
          />
          <Button type="submit" loading={check.isPending} disabled={!file || apply.isPending} w="fit-content">
            Check the list
          </Button>
        </Stack>
      </form>
      {sent !== null && <UploadProgress sent={sent} />}
      {diff && !busy && (
        <Stack gap="sm">
          <StaffListDiff diff={diff} />
          {diff.needSeats > 0 && (
            <Alert color="yellow" variant="light" title="Not enough free seats" maw={640}>
              {plural(diff.needSeats, "new address", "new addresses")} {diff.needSeats === 1 ? "has" : "have"}{" "}
              no free seat. <Link to={pathTo("billing")}>Buy {plural(diff.needSeats, "more seat")}</Link>,
              then check the list again.
            </Alert>
          )}
          {diff.applied ? (
            <Alert role="status" color="teal" variant="light" title="Applied" maw={640}>
              The invitations are sent. The removals are listed under Pending removals, where you can cancel
              each.
            </Alert>
          ) : diff.invite.length + diff.remove.length === 0 ? (
            <Text>Nothing to change: the seats already match this list.</Text>
          ) : (
            <Group>
              <Button onClick={() => confirmApply(diff)} loading={apply.isPending}>
                Apply the staff list
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </PortalSection>
  );
}
