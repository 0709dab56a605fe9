import { supportEndpoints } from "@serene/contract/endpoints";
import { Field } from "../../../components/site/field";
import { FormSent } from "../../../components/site/form-sent";
import { FormSubmit } from "../../../components/site/form-submit";
import { DELETION_SENT_ID } from "./support-form-ids";

/**
 * The form of /delete-account: the account's e-mail and a reason, Send Request. A plain HTML form
 * that posts to the API; the page's script (page-scripts/delete-account.ts) sends it in place.
 */
export function DeleteAccountForm() {
  return (
    <>
      <form
        className="site-form"
        method="post"
        action={supportEndpoints.requestDeletion.path}
        aria-labelledby="delete-form-title"
        data-delete-account-form
      >
        <h2 className="visually-hidden" id="delete-form-title">
          Account deletion request
        </h2>
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          required
          hint="The e-mail address you use to sign in to Serene."
        />
        <Field
          label="Reason"
          name="reason"
          multiline
          rows={5}
          maxLength={2000}
          hint="Optional. Telling us why helps us improve Serene."
        />
        <FormSubmit label="Send Request" busyLabel="Sending…" />
      </form>
      <FormSent id={DELETION_SENT_ID} title="Check your inbox">
        <p>
          If this address belongs to a Serene account, we have sent it a link: open it to confirm the request.
          Once confirmed, your account will be deleted within 90 days if there is no activity on it. Signing
          in again in that time cancels the request.
        </p>
      </FormSent>
    </>
  );
}
