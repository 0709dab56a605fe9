import { Button, Group, Text } from "@mantine/core";
import type { Seat } from "@serene/contract";
import { plural } from "../../../lib/format";
import { portalApi, usePortalWrite } from "../api";
import { daysLeft, seatPerson } from "../seat-order";
import { CopyButton } from "./copy-button";
import { openEmailModal } from "./email-modal";
import { portalDialogs } from "../portal-dialogs";

/**
 * What can be done with one seat, as its state allows: copy its code; an invitation resent,
 * withdrawn or re-addressed; a redeemed seat taken back; a freed seat given again.
 */
export function SeatActions({ businessId, seat }: { businessId: string; seat: Seat }) {
  const person = seatPerson(seat);
  const resend = usePortalWrite(businessId, () => portalApi.resend(businessId, seat._id), {
    saved: `The invitation went to ${person} again.`,
    failed: "The invitation was not sent again",
  });
  const remove = usePortalWrite(businessId, () => portalApi.remove(businessId, seat._id), {
    saved: `The seat is back: ${person} no longer has access, and was told by e-mail.`,
    failed: "The seat was not taken back",
  });
  const withdraw = usePortalWrite(businessId, () => portalApi.withdraw(businessId, seat._id), {
    saved: `The invitation to ${person} is withdrawn; the seat is free again.`,
    failed: "The invitation was not withdrawn",
  });
  const readdress = usePortalWrite(
    businessId,
    (email: string) => portalApi.readdress(businessId, seat._id, email),
    {
      saved: (_, email) => `A new invitation went to ${email}; the code sent to ${person} no longer works.`,
      failed: "The invitation was not re-addressed",
    },
  );
  const give = usePortalWrite(businessId, (email: string) => portalApi.give(businessId, seat._id, email), {
    saved: (_, email) => `The seat went to ${email}, with its invitation.`,
    failed: "The seat was not given",
  });
  const keeps = seat.keepsDays ?? daysLeft(seat.expiresAt);
  const busy = [resend, remove, withdraw, readdress, give].some((w) => w.isPending);

  const confirmRemove = () =>
    portalDialogs.confirm({
      title: "Take this seat back?",
      children: (
        <Text size="sm">
          {seat.listener?.username ?? person} loses access now; the seat keeps{" "}
          {plural(daysLeft(seat.expiresAt), "day")}, to give to someone else. {person} is told by e-mail.
        </Text>
      ),
      labels: { confirm: "Take the seat back", cancel: "Keep it" },
      confirmProps: { color: "red.9" },
      onConfirm: () => remove.mutate(undefined),
    });
  const confirmWithdraw = () =>
    portalDialogs.confirm({
      title: "Withdraw this invitation?",
      children: (
        <Text size="sm">
          The code sent to {person} stops working now, and they are told by e-mail. The seat goes back to Not
          sent, to give to someone else.
        </Text>
      ),
      labels: { confirm: "Withdraw the invitation", cancel: "Keep it" },
      confirmProps: { color: "red.9" },
      onConfirm: () => withdraw.mutate(undefined),
    });
  const askReaddress = () =>
    openEmailModal({
      title: "Correct the address",
      consequence: `The code sent to ${person} stops working; a new code goes to the address you give.`,
      confirm: "Send to this address",
      defaultValue: person,
      onSubmit: (email) => readdress.mutate(email),
    });
  const askGive = () =>
    openEmailModal({
      title: "Give this seat",
      consequence: `The person gets an invitation by e-mail with this seat's code; the seat keeps ${plural(keeps, "day")} from when they redeem it.`,
      confirm: "Give the seat",
      onSubmit: (email) => give.mutate(email),
    });

  return (
    <Group gap="xs" wrap="wrap">
      {seat.code && <CopyButton text={seat.code} label="Copy code" what="Code" />}
      {seat.state === "invited" && (
        <>
          <Button
            variant="default"
            size="compact-sm"
            disabled={busy}
            onClick={() => resend.mutate(undefined)}
          >
            Resend
          </Button>
          <Button variant="default" size="compact-sm" disabled={busy} onClick={askReaddress}>
            Re-address
          </Button>
          <Button variant="default" size="compact-sm" disabled={busy} onClick={confirmWithdraw}>
            Withdraw
          </Button>
        </>
      )}
      {seat.state === "redeemed" && (
        <Button variant="default" size="compact-sm" disabled={busy} onClick={confirmRemove}>
          Remove
        </Button>
      )}
      {seat.state === "freed" && (
        <>
          <Text size="sm">keeps {plural(keeps, "day")}</Text>
          <Button size="compact-sm" disabled={busy} onClick={askGive}>
            Give this seat
          </Button>
        </>
      )}
    </Group>
  );
}
