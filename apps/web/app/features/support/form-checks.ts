import type { FormProblems, FormValues } from "../../components/site/enhance-form";
import { emailProblem } from "../../lib/validation";

/** The /support form's fields (Full Name, Email Address, Subject, Message) checked before sending. */
export function checkSupportMessage(values: FormValues): FormProblems {
  const message = values.message ?? "";
  return {
    fullName: values.fullName ? undefined : "Please provide your full name",
    email: emailProblem(values.email ?? ""),
    subject: values.subject ? undefined : "Please provide a subject",
    message: !message
      ? "Please write your message"
      : message.length < 10
        ? "Please write a little more: at least 10 characters"
        : undefined,
  };
}

/** The /delete-account form: the e-mail is needed, the reason is optional. */
export function checkDeletionRequest(values: FormValues): FormProblems {
  return { email: emailProblem(values.email ?? "") };
}
