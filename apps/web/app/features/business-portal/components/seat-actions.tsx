import { Button, Group, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { Seat } from "@serene/contract";
import { plural } from "../../../lib/format";
import { portalApi, usePortalWrite } from "../api";
import { daysLeft, seatPerson } from "../seat-order";
import { CopyButton } from "./copy-button";

/** What can be done with one seat, as its state allows: copy its code, resend, take it back. */
export function SeatActions({ businessId, seat }: { businessId: string; seat: Seat }) {
  const person = seatPerson(seat);
  const resend = usePortalWrite(businessId, (id: string) => portalApi.resend(businessId, id), {
    saved: `The invitation went to ${person} again.`,
    failed: "The invitation was not sent again",
  });
  const remove = usePortalWrite(businessId, (id: string) => portalApi.remove(businessId, id), {
    saved: `The seat is back: ${person} no longer has access, and was told by e-mail.`,
    failed: "The seat was not taken back",
  });
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: "Take this seat back?",
      children: (
        <Text size="sm">
          {seat.listener?.username ?? person} loses access now; the seat keeps{" "}
          {plural(daysLeft(seat.expiresAt), "day")}, to give to someone else. {person} is told by e-mail.
        </Text>
      ),
      labels: { confirm: "Take the seat back", cancel: "Keep it" },
      confirmProps: { color: "red.9" },
      onConfirm: () => remove.mutate(seat._id),
    });
  return (
    <Group gap="xs" wrap="wrap">
      {seat.code && <CopyButton text={seat.code} label="Copy code" what="Code" />}
      {seat.state === "invited" && (
        <Button
          variant="default"
          size="compact-sm"
          loading={resend.isPending}
          onClick={() => resend.mutate(seat._id)}
        >
          Resend
        </Button>
      )}
      {seat.state === "redeemed" && (
        <Button
          variant="light"
          color="red"
          size="compact-sm"
          loading={remove.isPending}
          onClick={confirmRemove}
        >
          Remove
        </Button>
      )}
    </Group>
  );
}
