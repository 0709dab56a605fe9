import { supportEndpoints } from "@serene/contract/endpoints";
import { Field } from "../../../components/site/field";
import { FormSent } from "../../../components/site/form-sent";
import { FormSubmit } from "../../../components/site/form-submit";
import { SUPPORT_SENT_ID } from "./support-form-ids";

/**
 * The contact form of /support (Full Name, Email Address, Subject, Message, Contact Us). A plain
 * HTML form that posts to the API; the page's script (page-scripts/support.ts) sends it in place.
 */
export function SupportForm() {
  return (
    <>
      <form
        className="site-form"
        method="post"
        action={supportEndpoints.submitMessage.path}
        aria-labelledby="support-form-title"
        data-support-form
      >
        <h2 className="visually-hidden" id="support-form-title">
          Contact form
        </h2>
        <Field label="Full Name" name="fullName" autoComplete="name" maxLength={100} required />
        <Field
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          required
          hint="We will reply to this address."
        />
        <Field label="Subject" name="subject" maxLength={200} required />
        <Field label="Message" name="message" multiline rows={6} minLength={10} maxLength={5000} required />
        <FormSubmit label="Contact Us" busyLabel="Sending…" />
      </form>
      <FormSent id={SUPPORT_SENT_ID} title="Message sent">
        <p>
          We usually reply within one working day. Please check your spam folder if you do not hear from us.
        </p>
        <button type="button" className="button button--quiet" data-send-another>
          Send another message
        </button>
      </FormSent>
    </>
  );
}
