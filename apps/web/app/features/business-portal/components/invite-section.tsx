import { Button, FileInput, List, Stack, Textarea } from "@mantine/core";
import type { InviteResult } from "@serene/contract";
import { type FormEvent, useState } from "react";
import { plural } from "../../../lib/format";
import { portalApi, usePortalWrite } from "../api";
import { usePortal } from "../portal-context";
import { PortalSection } from "./portal-section";

/** What each row's result means to the admin. */
const RESULTS: Record<InviteResult["result"], string> = {
  invited: "invited",
  already_invited: "already invited or holds a seat",
  invalid_email: "invalid email",
  no_free_seat: "no free seat",
};

/** Invite people by pasted addresses or a CSV file; the result of each row shown after. */
export function InviteSection() {
  const { businessId } = usePortal();
  const [emails, setEmails] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const invite = usePortalWrite(
    businessId,
    (source: string[] | File) => portalApi.invite(businessId, source),
    {
      saved: (rows) => `${plural(rows.filter((r) => r.result === "invited").length, "invitation")} sent.`,
      failed: "No invitation was sent",
    },
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const pasted = emails.split(/[\s,;]+/).filter(Boolean);
    invite.mutate(file ?? pasted, {
      onSuccess: () => {
        setEmails("");
        setFile(null);
      },
    });
  };
  return (
    <PortalSection of="invite">
      <form onSubmit={submit}>
        <Stack maw={560}>
          <Textarea
            label="E-mail addresses"
            description="One per line (or separated by commas). Each person gets their own code by e-mail."
            value={emails}
            onChange={(event) => setEmails(event.currentTarget.value)}
            autosize
            minRows={4}
          />
          <FileInput
            label="Or a CSV file"
            description="With an email column, up to 1,000 rows."
            accept=".csv,text/csv"
            value={file}
            onChange={setFile}
            clearable
            clearButtonProps={{ "aria-label": "Remove the chosen file" }}
          />
          <Button type="submit" loading={invite.isPending} w="fit-content">
            Send invitations
          </Button>
        </Stack>
      </form>
      {invite.data && (
        <List aria-label="Invitation results">
          {invite.data.map((r, i) => (
            <List.Item key={`${r.email}-${i}`}>
              {r.email}: {RESULTS[r.result]}
            </List.Item>
          ))}
        </List>
      )}
    </PortalSection>
  );
}
