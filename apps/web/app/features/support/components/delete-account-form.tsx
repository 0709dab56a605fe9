import { Field } from "../../../components/site/field";
import { FormSent } from "../../../components/site/form-sent";
import { FormSubmit } from "../../../components/site/form-submit";
import { type FieldErrors, useSiteForm } from "../../../components/site/use-site-form";
import { emailProblem } from "../../../lib/validation";
import { type AccountDeletionRequest, requestAccountDeletion } from "../api/request-account-deletion";

const empty: AccountDeletionRequest = { email: "", reason: "" };

function validate(values: AccountDeletionRequest): FieldErrors<AccountDeletionRequest> {
  return {
    email: emailProblem(values.email),
  };
}

/** The form of /delete-account: the account's e-mail and a reason, Send Request. */
export function DeleteAccountForm() {
  const form = useSiteForm({ initial: empty, validate, send: requestAccountDeletion });

  if (form.state === "sent") {
    return (
      <FormSent title="Check your inbox">
        <p>{form.confirmation}</p>
        <p>
          Open the link in that e-mail to confirm the request. Once confirmed, your account will be deleted
          within 90 days if there is no activity on it. Signing in again in that time cancels the request.
        </p>
      </FormSent>
    );
  }

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
      <FormSubmit
        error={form.formError}
        sending={form.state === "sending"}
        label="Send Request"
        noscript="This form needs JavaScript. You can also ask us by e-mail."
      />
    </form>
  );
}
