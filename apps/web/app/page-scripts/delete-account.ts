// /delete-account after load: the request form checks and sends itself.
import { enhanceForm, showSent } from "../components/site/enhance-form";
import { requestAccountDeletion } from "../features/support/public-api";
import { DELETION_SENT_ID } from "../features/support/components/support-form-ids";
import { checkDeletionRequest } from "../features/support/form-checks";

const form = document.querySelector<HTMLFormElement>("form[data-delete-account-form]");
if (form) {
  enhanceForm(form, {
    check: checkDeletionRequest,
    send: ({ email = "", reason = "" }) => requestAccountDeletion({ email, reason }),
    done: ({ message }) => void showSent(form, DELETION_SENT_ID, message),
  });
}
