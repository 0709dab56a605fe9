import type { BusinessAdmin } from "@serene/contract";
import { type FormEvent, useEffect, useState } from "react";
import { Field, FormAlert } from "../../../components/site/field";
import { portalApi } from "../portal-api";
import { usePortalAction } from "./use-portal-action";

/** The business's admins: add one (they get a sign-in link), remove one (never the last). */
export function AdminsSection({
  businessId,
  me,
  onChanged,
}: {
  businessId: string;
  me: string;
  onChanged: () => void;
}) {
  const [admins, setAdmins] = useState<BusinessAdmin[]>([]);
  const { error, busy, run } = usePortalAction();
  useEffect(() => {
    void run(portalApi.admins(businessId), setAdmins);
  }, [businessId, run]);
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get("email") ?? "");
    void run(portalApi.addAdmin(businessId, email), (list) => {
      setAdmins(list);
      form.reset();
      onChanged();
    });
  };
  const remove = (email: string) => {
    if (window.confirm(`Remove ${email} as an admin? They can no longer sign in to this portal.`))
      void run(portalApi.removeAdmin(businessId, email), (list) => {
        setAdmins(list);
        onChanged();
      });
  };
  return (
    <section aria-labelledby="admins-title" className="stack">
      <h2 id="admins-title">Admins</h2>
      {error && (
        <FormAlert>
          <p>{error}</p>
        </FormAlert>
      )}
      <ul className="portal__list">
        {admins.map((admin) => (
          <li key={admin.email}>
            <span>
              {admin.email}
              {admin.email === me ? " (you)" : ""}
              <br />
              <small>
                Added {admin.addedAt.slice(0, 10)}; last signed in{" "}
                {admin.lastSignInAt ? admin.lastSignInAt.slice(0, 10) : "never"}
              </small>
            </span>
            {admins.length > 1 && (
              <button
                type="button"
                className="button button--quiet"
                onClick={() => remove(admin.email)}
                disabled={busy}
                aria-label={`Remove ${admin.email}`}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <form className="portal__filters" onSubmit={add}>
        <Field label="Add an admin by e-mail" name="email" type="email" required />
        <button className="button" type="submit" disabled={busy}>
          Add admin
        </button>
      </form>
    </section>
  );
}
