import { Field } from "../../../components/site/field";
import { FormSent } from "../../../components/site/form-sent";
import { FormSubmit } from "../../../components/site/form-submit";
import { type FieldErrors, useSiteForm } from "../../../components/site/use-site-form";
import { emailProblem } from "../../../lib/validation";
import { type SupportMessage, sendSupportMessage } from "../api/send-support-message";

const empty: SupportMessage = { fullName: "", email: "", subject: "", message: "" };

function validate(values: SupportMessage): FieldErrors<SupportMessage> {
  return {
    fullName: values.fullName ? undefined : "Please provide your full name",
    email: emailProblem(values.email),
    subject: values.subject ? undefined : "Please provide a subject",
    message: !values.message
      ? "Please write your message"
      : values.message.length < 10
        ? "Please write a little more: at least 10 characters"
        : undefined,
  };
}

/** The contact form of /support (Full Name, Email Address, Subject, Message, Contact Us). */
export function SupportForm() {
  const form = useSiteForm({ initial: empty, validate, send: sendSupportMessage });

  if (form.state === "sent") {
    return (
      <FormSent title="Message sent">
        <p>{form.confirmation}</p>
        <p>
          We usually reply within one working day. Please check your spam folder if you do not hear from us.
        </p>
        <button type="button" className="button button--quiet" onClick={form.reset}>
          Send another message
        </button>
      </FormSent>
    );
  }

  return (
    <form className="site-form" onSubmit={form.onSubmit} noValidate aria-labelledby="support-form-title">
      <h2 className="visually-hidden" id="support-form-title">
        Contact form
      </h2>
      <Field label="Full Name" autoComplete="name" maxLength={100} required {...form.field("fullName")} />
      <Field
        label="Email Address"
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        required
        hint="We will reply to this address."
        {...form.field("email")}
      />
      <Field label="Subject" maxLength={200} required {...form.field("subject")} />
      <Field label="Message" multiline rows={6} maxLength={5000} required {...form.field("message")} />
      <FormSubmit
        error={form.formError}
        sending={form.state === "sending"}
        label="Contact Us"
        noscript="This form needs JavaScript. You can also write to us by e-mail."
      />
    </form>
  );
}
