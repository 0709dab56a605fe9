/** The ids of the forms' confirmations (FormSent templates), shared with the page scripts. */
export const SUPPORT_SENT_ID = "support-sent";
export const DELETION_SENT_ID = "delete-account-sent";
