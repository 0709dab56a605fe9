// /support after load: the contact form checks and sends itself, and can send another message.
import { enhanceForm, showSent } from "../components/site/enhance-form";
import { sendSupportMessage } from "../features/support/public-api";
import { SUPPORT_SENT_ID } from "../features/support/components/support-form-ids";
import { checkSupportMessage } from "../features/support/form-checks";

const form = document.querySelector<HTMLFormElement>("form[data-support-form]");
if (form) {
  enhanceForm(form, {
    check: checkSupportMessage,
    send: ({ fullName = "", email = "", subject = "", message = "" }) =>
      sendSupportMessage({ fullName, email, subject, message }),
    done({ message }) {
      const sent = showSent(form, SUPPORT_SENT_ID, message);
      sent?.querySelector("[data-send-another]")?.addEventListener("click", () => {
        form.reset();
        sent.replaceWith(form);
        form.querySelector<HTMLElement>("input, textarea")?.focus();
      });
      return "again";
    },
  });
}
