import { Button, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import type { Seat } from "@serene/contract";
import { SEAT_STATES, type SeatState } from "@serene/contract/business";
import type { FormEvent } from "react";
import { useSearchParams } from "react-router";
import { DataTable, type DataColumn, numericCell } from "../../../components/ui/data-table";
import { stateOptionsOf } from "../../../components/ui/state-badge";
import { formatDate } from "../../../lib/format";
import { useSeats } from "../api";
import { usePortal } from "../portal-context";
import { readSeatQuery, seatPerson } from "../seat-order";
import { PortalSection } from "./portal-section";
import { SeatActions } from "./seat-actions";
import { SeatStateBadge, seatStateLooks } from "./seat-state-badge";

const day = (iso: string | null) => (iso ? formatDate(iso) : "—");

/** Every seat, newest activity first (or as a column sorts it, by the API), filtered by state or searched. */
export function SeatsSection() {
  const { businessId } = usePortal();
  const [params, setParams] = useSearchParams();
  const { state, q, ...order } = readSeatQuery(params);
  const seats = useSeats(businessId, { state, q, ...order });
  const change = (values: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(values))
          if (value) next.set(name, value);
          else next.delete(name);
        return next;
      },
      { preventScrollReset: true },
    );
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    change({ q: String(new FormData(event.currentTarget).get("q") ?? "").trim() || undefined });
  };
  const columns: DataColumn<Seat>[] = [
    { header: "State", sort: "state", cell: (seat) => <SeatStateBadge state={seat.state} /> },
    { header: "Person", sort: "person", cell: (seat) => <Person seat={seat} /> },
    { header: "Invited on", sort: "invitedAt", td: numericCell, cell: (seat) => day(seat.invitedAt) },
    { header: "Redeemed on", sort: "redeemedAt", td: numericCell, cell: (seat) => day(seat.redeemedAt) },
    { header: "Expires", sort: "expiresAt", td: numericCell, cell: (seat) => day(seat.expiresAt) },
    { header: "Actions", cell: (seat) => <SeatActions businessId={businessId} seat={seat} /> },
  ];
  return (
    <PortalSection of="seats">
      <form onSubmit={search} role="search">
        <Group align="flex-end" gap="sm">
          <Select
            label="State"
            data={[{ value: "", label: "All" }, ...stateOptionsOf(SEAT_STATES, seatStateLooks)]}
            value={state ?? ""}
            onChange={(value) => change({ state: (value as SeatState | null) || undefined })}
            allowDeselect={false}
            w={160}
          />
          <TextInput label="Search by e-mail or name" name="q" type="search" defaultValue={q} key={q} />
          <Button type="submit" variant="default">
            Search
          </Button>
        </Group>
      </form>
      {seats.error && (
        <Text role="alert" c="red">
          {seats.error.message} Reload the page to try again.
        </Text>
      )}
      {seats.items && (
        <DataTable
          rows={seats.items}
          rowKey={(seat) => seat._id}
          label="Seats"
          columns={columns}
          minWidth={760}
          order={{
            field: order.sort,
            direction: order.direction,
            onSort: (field) =>
              change({
                sort: field,
                dir: field === order.sort && order.direction === "desc" ? "asc" : undefined,
              }),
          }}
          card={(seat) => (
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Person seat={seat} />
                <SeatStateBadge state={seat.state} />
              </Group>
              <Text size="sm" c="dimmed">
                Invited on {day(seat.invitedAt)} · Redeemed on {day(seat.redeemedAt)} · Expires{" "}
                {day(seat.expiresAt)}
              </Text>
              <SeatActions businessId={businessId} seat={seat} />
            </Stack>
          )}
        />
      )}
      {seats.items?.length === 0 && <Text>No seat matches.</Text>}
      {seats.hasMore && (
        <Button variant="default" onClick={seats.more} loading={seats.loadingMore} w="fit-content">
          Show more seats
        </Button>
      )}
    </PortalSection>
  );
}

function Person({ seat }: { seat: Seat }) {
  if (seat.listener)
    return (
      <Text size="sm">
        {seat.listener.username} ({seat.listener.email})
      </Text>
    );
  return <Text size="sm">{seatPerson(seat) || "—"}</Text>;
}
