import { Field, FormAlert } from "../../../components/site/field";
import { FormSent } from "../../../components/site/form-sent";
import { type FieldErrors, useSiteForm } from "../../../components/site/use-site-form";
import { useHydrated } from "../../../lib/use-hydrated";
import { isEmailAddress } from "../../../lib/validation";
import { type AccountDeletionRequest, requestAccountDeletion } from "../api/request-account-deletion";

const empty: AccountDeletionRequest = { email: "", reason: "" };

function validate(values: AccountDeletionRequest): FieldErrors<AccountDeletionRequest> {
  return {
    email: !values.email
      ? "Please provide your email address"
      : isEmailAddress(values.email)
        ? undefined
        : "Please provide a valid email address, like name@example.com",
  };
}

/** The form of /delete-account: the account's e-mail and a reason, Send Request. */
export function DeleteAccountForm() {
  const hydrated = useHydrated();
  const form = useSiteForm({ initial: empty, validate, send: requestAccountDeletion });

  if (form.state === "sent") {
    return (
      <FormSent title="Request received">
        <p>{form.confirmation}</p>
        <p>
          We have sent a confirmation to your e-mail address. Your account will be deleted within 90 days if
          there is no activity on it. Signing in again in that time cancels the request.
        </p>
      </FormSent>
    );
  }

  const sending = form.state === "sending";
  return (
    <form className="site-form" onSubmit={form.onSubmit} noValidate aria-labelledby="delete-form-title">
      <h2 className="visually-hidden" id="delete-form-title">
        Account deletion request
      </h2>
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        required
        hint="The e-mail address you use to sign in to Serene."
        {...form.field("email")}
      />
      <Field
        label="Reason"
        multiline
        rows={5}
        maxLength={2000}
        hint="Optional. Telling us why helps us improve Serene."
        {...form.field("reason")}
      />
      {form.formError && (
        <FormAlert>
          <p>{form.formError}</p>
        </FormAlert>
      )}
      <div className="form-actions">
        <button
          type="submit"
          className="button button--large"
          disabled={!hydrated || sending}
          aria-busy={sending}
        >
          {sending && <span className="button__spinner" aria-hidden="true" />}
          {sending ? "Sending…" : "Send Request"}
        </button>
      </div>
      <noscript>
        <p className="form-note">This form needs JavaScript. You can also ask us by e-mail.</p>
      </noscript>
    </form>
  );
}
