import { Button, Code, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import type { UpdateBusinessInput } from "@serene/contract";
import type { FormEvent } from "react";
import { portalApi, usePortalWrite } from "../api";
import { usePortal } from "../portal-context";
import { CopyButton } from "./copy-button";
import { PortalSection } from "./portal-section";
import { portalDialogs } from "../portal-dialogs";

/** The business's billing details (printed on later invoices), join domains and join link. */
export function BillingSection() {
  const { businessId, business } = usePortal();
  const save = usePortalWrite(businessId, (body: UpdateBusinessInput) => portalApi.update(businessId, body), {
    saved: (_, body) =>
      body.rotateJoinUrl ? "A new join link is ready; the old one no longer works." : "Details saved.",
    failed: "Nothing was saved",
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? "").trim();
    save.mutate({
      name: value("name"),
      billingEmail: value("billingEmail"),
      billingAddress: value("billingAddress"),
      taxId: value("taxId"),
      joinDomains: value("joinDomains")
        .split(/[\s,;]+/)
        .filter(Boolean),
    });
  };
  const rotate = () =>
    portalDialogs.confirm({
      title: "Make a new join link?",
      children: (
        <Text size="sm">
          The current link stops working at once: anyone who has it can no longer take a seat with it. Seats
          already taken stay taken.
        </Text>
      ),
      labels: { confirm: "Make a new link", cancel: "Keep the current one" },
      onConfirm: () => save.mutate({ rotateJoinUrl: true }),
    });
  return (
    <PortalSection title="Billing details and join link">
      <form onSubmit={submit}>
        <Stack maw={560} key={JSON.stringify(business)}>
          <TextInput
            label="Business name"
            name="name"
            defaultValue={business.name}
            required
            maxLength={200}
          />
          <TextInput
            label="Billing e-mail"
            name="billingEmail"
            type="email"
            defaultValue={business.billingEmail}
            required
          />
          <Textarea
            label="Billing address"
            name="billingAddress"
            autosize
            minRows={3}
            maxLength={500}
            defaultValue={business.billingAddress}
          />
          <TextInput label="Tax ID" name="taxId" maxLength={50} defaultValue={business.taxId} />
          <TextInput
            label="Join domains"
            description="Listeners with a confirmed address at one of these domains can take a free seat by the join link. Separate with commas."
            name="joinDomains"
            defaultValue={business.joinDomains.join(", ")}
          />
          <Button type="submit" loading={save.isPending} w="fit-content">
            Save details
          </Button>
        </Stack>
      </form>
      {business.joinUrl && (
        <Stack gap="xs">
          <Text>
            Join link: <Code style={{ overflowWrap: "anywhere" }}>{business.joinUrl}</Code>
          </Text>
          <Group gap="xs">
            <CopyButton text={business.joinUrl} label="Copy join link" what="Join link" />
            <Button variant="default" size="compact-sm" onClick={rotate} disabled={save.isPending}>
              Make a new join link
            </Button>
          </Group>
        </Stack>
      )}
    </PortalSection>
  );
}
