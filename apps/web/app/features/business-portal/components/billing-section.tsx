import type { Business } from "@serene/contract";
import type { FormEvent } from "react";
import { Field, FormAlert } from "../../../components/site/field";
import { portalApi } from "../portal-api";
import { CopyButton } from "./copy-button";
import { usePortalAction } from "./use-portal-action";

/** The business's billing details (printed on later invoices), join domains and join link. */
export function BillingSection({ business, onSaved }: { business: Business; onSaved: () => void }) {
  const { error, busy, run } = usePortalAction();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? "").trim();
    void run(
      portalApi.update(business._id, {
        name: value("name"),
        billingEmail: value("billingEmail"),
        billingAddress: value("billingAddress"),
        taxId: value("taxId"),
        joinDomains: value("joinDomains")
          .split(/[\s,;]+/)
          .filter(Boolean),
      }),
      onSaved,
    );
  };
  const rotate = () => {
    if (window.confirm("Make a new join link? The current one stops working at once."))
      void run(portalApi.update(business._id, { rotateJoinUrl: true }), onSaved);
  };
  return (
    <section aria-labelledby="billing-title" className="stack">
      <h2 id="billing-title">Billing details and join link</h2>
      {error && (
        <FormAlert>
          <p>{error}</p>
        </FormAlert>
      )}
      <form className="stack portal__narrow" onSubmit={submit} key={JSON.stringify(business)}>
        <Field label="Business name" name="name" defaultValue={business.name} required maxLength={200} />
        <Field
          label="Billing e-mail"
          name="billingEmail"
          type="email"
          defaultValue={business.billingEmail}
          required
        />
        <Field
          label="Billing address"
          name="billingAddress"
          multiline
          rows={3}
          maxLength={500}
          defaultValue={business.billingAddress}
        />
        <Field label="Tax ID" name="taxId" maxLength={50} defaultValue={business.taxId} />
        <Field
          label="Join domains"
          hint="Listeners with a confirmed address at one of these domains can take a free seat by the join link. Separate with commas."
          name="joinDomains"
          defaultValue={business.joinDomains.join(", ")}
        />
        <button className="button" type="submit" disabled={busy}>
          Save details
        </button>
      </form>
      {business.joinUrl && (
        <div className="stack">
          <p>
            Join link: <code className="portal__code">{business.joinUrl}</code>
          </p>
          <div className="portal__actions">
            <CopyButton text={business.joinUrl} label="Copy join link" what="Join link" />
            <button type="button" className="button button--quiet" onClick={rotate} disabled={busy}>
              Make a new join link
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
