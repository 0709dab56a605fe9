// /business after load: the Plan modal's slider and typed number of employees move together with
// the live total, and Buy Now checks the order, keeps it in session storage and goes to the payment page.
import { formatUsd, SUBSCRIPTION_MONTHS, totalCents } from "@serene/contract/business";
import { enhanceForm } from "../components/site/enhance-form";
import { createPayment, type PaymentData } from "../features/business/public-api";
import { checkPlan, seatsProblem } from "../features/business/plan-checks";
import { PAYMENT_DATA_KEY, PLAN_DIALOG_ID } from "../features/business/plan-ids";

// Back from a cancelled checkout: say so (nothing was charged).
if (new URLSearchParams(window.location.search).get("checkout") === "cancelled") {
  document.querySelector<HTMLElement>("[data-checkout-cancelled]")?.removeAttribute("hidden");
}

const dialog = document.getElementById(PLAN_DIALOG_ID);
const form = dialog?.querySelector<HTMLFormElement>("form[data-plan-form]");
const seats = form?.querySelector<HTMLInputElement>("input[data-seats]");
const slider = form?.querySelector<HTMLInputElement>("input[data-seats-slider]");
const more = form?.querySelector<HTMLInputElement>("input[data-more-than-max]");

if (dialog instanceof HTMLDialogElement && form && seats && slider && more) {
  // Browsers without invoker commands (command/commandfor) open and close the modal here.
  if (!("command" in HTMLButtonElement.prototype)) {
    for (const button of document.querySelectorAll<HTMLButtonElement>(
      `button[commandfor="${PLAN_DIALOG_ID}"]`,
    )) {
      button.addEventListener("click", () => {
        if (button.getAttribute("command") === "close") dialog.close();
        else if (!dialog.open) dialog.showModal();
      });
    }
  }
  // A click on the backdrop closes it (where closedby="any" is not known).
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });

  const price = formatUsd(totalCents(1));
  /** The total follows the typed number while it is one we sell (5-100), else the slider's. */
  const show = () => {
    const typed = seatsProblem(seats.value) ? undefined : Number(seats.value);
    if (typed !== undefined) slider.value = String(typed);
    const count = typed ?? Number(slider.value);
    const total = formatUsd(totalCents(count));
    slider.setAttribute("aria-valuetext", `${count} employees, total ${total} a year`);
    slider.disabled = seats.disabled = more.checked;
    form.querySelector("[data-plan-total]")!.textContent = total;
    form.querySelector("[data-plan-detail]")!.textContent = `${count} employees × ${price}`;
  };
  slider.addEventListener("input", () => {
    seats.value = slider.value;
    seats.dispatchEvent(new Event("input", { bubbles: true }));
  });
  seats.addEventListener("input", show);
  more.addEventListener("change", show);
  show();

  enhanceForm(form, {
    check: checkPlan,
    send({ email = "", assignedName = "" }) {
      const order: PaymentData = {
        assignedName,
        email,
        totalUsers: Number(seats.value),
        totalMonths: SUBSCRIPTION_MONTHS,
      };
      try {
        window.sessionStorage.setItem(PAYMENT_DATA_KEY, JSON.stringify(order));
      } catch {
        // Storage can be full or blocked; the checkout page reads the order from its address anyway.
      }
      return createPayment(order);
    },
    // Stays busy while the browser leaves for the payment page.
    done: ({ data }) => window.location.assign(data.paymentLink.url),
  });
}
