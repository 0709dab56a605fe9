import { Button, Group, Stack, Text } from "@mantine/core";
import type { PendingRemoval } from "@serene/contract";
import { DataTable, type DataColumn, numericCell } from "../../../components/ui/data-table";
import { formatDate } from "../../../lib/format";
import { portalApi, usePortalWrite, useRemovals } from "../api";
import { usePortal } from "../portal-context";
import { PortalSection } from "./portal-section";

/** The staff list's removals still to come, soonest first; each can be cancelled (that person keeps the seat). */
export function PendingRemovalsSection() {
  const { businessId } = usePortal();
  const removals = useRemovals(businessId);
  const cancel = usePortalWrite(
    businessId,
    (removal: PendingRemoval) => portalApi.cancelRemoval(businessId, removal.seatId),
    {
      saved: (_, removal) => `Removal cancelled: ${removal.email} keeps the seat.`,
      failed: "The removal was not cancelled",
    },
  );
  const action = (removal: PendingRemoval) => (
    <Button
      variant="default"
      size="compact-sm"
      disabled={cancel.isPending}
      onClick={() => cancel.mutate(removal)}
      aria-label={`Cancel the removal of ${removal.email}`}
    >
      Cancel removal
    </Button>
  );
  const columns: DataColumn<PendingRemoval>[] = [
    { header: "Person", cell: (r) => r.email },
    { header: "Seat freed on", td: numericCell, cell: (r) => formatDate(r.freesOn) },
    { header: "Actions", cell: action },
  ];
  return (
    <PortalSection title="Pending removals">
      {removals.error && (
        <Text role="alert" c="red">
          {removals.error.message} Reload the page to try again.
        </Text>
      )}
      {removals.data?.length === 0 && <Text>No pending removals: nobody is due to lose a seat.</Text>}
      {removals.data && removals.data.length > 0 && (
        <>
          <Text size="sm">
            People no longer on the staff list keep their seat until the day shown, then lose it and are told
            by e-mail. Cancel a removal to let them keep it.
          </Text>
          <DataTable
            rows={removals.data}
            rowKey={(r) => r.seatId}
            label="Pending removals"
            columns={columns}
            minWidth={520}
            card={(r) => (
              <Stack gap={6}>
                <Text size="sm" fw={600}>
                  {r.email}
                </Text>
                <Group justify="space-between">
                  <Text size="sm">Seat freed on {formatDate(r.freesOn)}</Text>
                  {action(r)}
                </Group>
              </Stack>
            )}
          />
        </>
      )}
    </PortalSection>
  );
}
