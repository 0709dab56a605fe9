import type { InviteResult } from "@serene/contract";
import { type FormEvent, useState } from "react";
import { Field, FormAlert } from "../../../components/site/field";
import { portalApi } from "../portal-api";
import { usePortalAction } from "./use-portal-action";

/** What each row's result means to the admin. */
const RESULTS: Record<InviteResult["result"], string> = {
  invited: "invited",
  already_invited: "already invited or holds a seat",
  invalid_email: "invalid email",
  no_free_seat: "no free seat",
};

/** Invite people by pasted addresses or a CSV file; the result of each row shown after. */
export function InviteSection({ businessId, onDone }: { businessId: string; onDone: () => void }) {
  const [results, setResults] = useState<InviteResult[] | null>(null);
  const { error, busy, run } = usePortalAction();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file = data.get("file");
    const emails = String(data.get("emails") ?? "")
      .split(/[\s,;]+/)
      .filter(Boolean);
    const source = file instanceof File && file.size > 0 ? file : emails;
    const form = event.currentTarget;
    void run(portalApi.invite(businessId, source), (rows) => {
      setResults(rows);
      form.reset();
      onDone();
    });
  };
  return (
    <section aria-labelledby="invite-title" className="stack">
      <h2 id="invite-title">Invite people</h2>
      <form className="stack portal__narrow" onSubmit={submit}>
        {error && (
          <FormAlert>
            <p>{error}</p>
          </FormAlert>
        )}
        <Field
          label="E-mail addresses"
          hint="One per line (or separated by commas). Each person gets their own code by e-mail."
          name="emails"
          multiline
          rows={4}
        />
        <Field
          label="Or a CSV file"
          hint="With an email column, up to 1,000 rows."
          name="file"
          type="file"
          accept=".csv,text/csv"
        />
        <button className="button" type="submit" disabled={busy}>
          Send invitations
        </button>
      </form>
      {results && (
        <ul aria-label="Invitation results">
          {results.map((r, i) => (
            <li key={`${r.email}-${i}`}>
              {r.email}: {RESULTS[r.result]}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
