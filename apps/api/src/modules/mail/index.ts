/** E-mail: the mailer (SMTP or outbox files) and every message's template. */
export { createMailer, type Mailer } from "./mail.service.ts";
export {
  accountDeleted,
  contentReviewed,
  deletionConfirmation,
  escapeHtml,
  helpFooter,
  layout,
  longDate,
  type MailContent,
  messageToUser,
  subscriptionCodes,
  supportAcknowledgement,
  supportReply,
  supportToTeam,
} from "./mail.templates.ts";
