// Names the Plan modal shares with its page script and the checkout page.

/** The id of the Plan modal on /business: the buttons that open it and its page script name it. */
export const PLAN_DIALOG_ID = "plan-dialog";

/** Where the order waits while the buyer is on the payment page (spec section 7). */
export const PAYMENT_DATA_KEY = "paymentData";
