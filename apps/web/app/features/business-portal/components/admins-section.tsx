import { Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import type { FormEvent } from "react";
import { formatDate } from "../../../lib/format";
import { portalApi, useAdmins, usePortalWrite } from "../api";
import { usePortal } from "../portal-context";
import { PortalSection } from "./portal-section";
import { portalDialogs } from "../portal-dialogs";

/** The business's admins: add one (they get a sign-in link), remove one (never the last). */
export function AdminsSection() {
  const { businessId, me } = usePortal();
  const admins = useAdmins(businessId);
  const add = usePortalWrite(businessId, (email: string) => portalApi.addAdmin(businessId, email), {
    saved: (_, email) => `${email} is an admin now, and has been sent a sign-in link.`,
    failed: "The admin was not added",
  });
  const remove = usePortalWrite(businessId, (email: string) => portalApi.removeAdmin(businessId, email), {
    saved: (_, email) => `${email} is no longer an admin.`,
    failed: "The admin was not removed",
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    add.mutate(String(new FormData(form).get("email") ?? ""), { onSuccess: () => form.reset() });
  };
  const confirmRemove = (email: string) =>
    portalDialogs.confirm({
      title: `Remove ${email}?`,
      children: (
        <Text size="sm">
          {email} can no longer sign in to this portal; a sign-in link already sent stops working.
        </Text>
      ),
      labels: { confirm: "Remove admin", cancel: "Keep" },
      confirmProps: { color: "red.9" },
      onConfirm: () => remove.mutate(email),
    });
  const list = admins.data ?? [];
  return (
    <PortalSection of="admins">
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} maw={640}>
        {list.map((admin) => (
          <Paper component="li" key={admin.email} withBorder p="sm">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text fw={600}>
                  {admin.email}
                  {admin.email === me ? " (you)" : ""}
                </Text>
                <Text size="sm" c="dimmed">
                  Added {formatDate(admin.addedAt)}; last signed in{" "}
                  {admin.lastSignInAt ? formatDate(admin.lastSignInAt) : "never"}
                </Text>
              </div>
              {list.length > 1 && (
                <Button
                  variant="default"
                  size="compact-sm"
                  onClick={() => confirmRemove(admin.email)}
                  aria-label={`Remove ${admin.email}`}
                >
                  Remove
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <TextInput label="Add an admin by e-mail" name="email" type="email" required w={320} />
          <Button type="submit" loading={add.isPending}>
            Add admin
          </Button>
        </Group>
      </form>
    </PortalSection>
  );
}
