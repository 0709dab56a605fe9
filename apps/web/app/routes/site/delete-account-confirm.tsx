import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { FormAlert } from "../../components/site/field";
import { PageIntro } from "../../components/ui/page-intro";
import { confirmAccountDeletion } from "../../features/support/public-api";
import { type PageInfo, publicPageMeta } from "../../lib/meta";
import type { Route } from "./+types/delete-account-confirm";

const page: PageInfo = {
  title: "Confirm account deletion",
  description: "Confirm the request to delete your Serene account.",
};

export const meta: Route.MetaFunction = () =>
  publicPageMeta(page, "/delete-account/confirm", { noindex: true });

/**
 * The link of the deletion e-mail opens this page; nothing happens until the button is pressed
 * (mail scanners open links on their own).
 */
export default function DeleteAccountConfirm() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [message, setMessage] = useState<string>();
  const [error, setError] = useState<string>();

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setState("sending");
    setError(undefined);
    try {
      setMessage((await confirmAccountDeletion(token)).message);
      setState("sent");
    } catch (err) {
      setError(err instanceof Error ? err.message : "Something went wrong. Please try again.");
      setState("idle");
    }
  }

  return (
    <>
      <PageIntro {...page} />
      {state === "sent" ? (
        <div className="form-sent" role="status">
          <h2>Request confirmed</h2>
          <p>{message}</p>
        </div>
      ) : !token ? (
        <p>
          This page needs the link from our e-mail. To ask again, use the{" "}
          <Link to="/delete-account">account deletion form</Link>.
        </p>
      ) : (
        <form className="site-form" onSubmit={onSubmit} noValidate aria-labelledby="confirm-title">
          <h2 id="confirm-title">Delete my Serene account</h2>
          <p>
            Your account and its personal data will be deleted within 90 days unless you use the app again in
            that time.
          </p>
          {error && (
            <FormAlert>
              <p>{error}</p>
            </FormAlert>
          )}
          <div className="form-actions">
            <button type="submit" className="button button--large" disabled={state === "sending"}>
              {state === "sending" ? "Confirming…" : "Confirm deletion request"}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
