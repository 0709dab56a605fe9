// Runs in the page scripts of the public forms (no React): the prerendered form posts to the
// server by itself; this makes it check its fields with our own messages, send itself with fetch
// and show the answer in place.
import { ApiError } from "../../lib/api-client";
import { errorIdOf } from "./field-ids";

/** A form's values by field name, trimmed. */
export type FormValues = Record<string, string>;
/** The problem with each field, if any. */
export type FormProblems = Record<string, string | undefined>;

interface EnhanceOptions<A> {
  /** What is wrong with the values; nothing is sent while any field has a problem. */
  check: (values: FormValues) => FormProblems;
  /** Sends the values; rejects with an ApiError when the server refuses. */
  send: (values: FormValues) => Promise<A>;
  /** The server accepted. The form stays busy unless this returns "again". */
  done: (answer: A) => void | "again";
}

const controlsOf = (form: HTMLFormElement) =>
  [...form.elements].filter(
    (element): element is HTMLInputElement | HTMLTextAreaElement =>
      (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && element.name !== "",
  );

/** Shows or clears a control's error message (the place Field rendered for it). */
function showProblem(control: HTMLInputElement | HTMLTextAreaElement, problem: string | undefined) {
  const errorId = errorIdOf(control.id);
  const slot = document.getElementById(errorId);
  if (!slot) return;
  slot.hidden = !problem;
  const text = slot.querySelector("[data-error-text]");
  if (text) text.textContent = problem ?? "";
  const described = (control.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter((id) => id && id !== errorId);
  if (problem) {
    control.setAttribute("aria-invalid", "true");
    described.push(errorId);
  } else {
    control.removeAttribute("aria-invalid");
  }
  if (described.length) control.setAttribute("aria-describedby", described.join(" "));
  else control.removeAttribute("aria-describedby");
}

/** The form-wide message (FormAlert's place), or none. */
function showAlert(form: HTMLFormElement, message: string | undefined) {
  const alert = form.querySelector<HTMLElement>("[data-form-alert]");
  if (!alert) return;
  const text = alert.querySelector("[data-alert-text]");
  if (text) text.textContent = message ?? "";
  alert.hidden = !message;
}

/** The submit button shows that the form is on its way (FormSubmit's label and spinner). */
function setBusy(form: HTMLFormElement, busy: boolean) {
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const label = button?.querySelector<HTMLElement>("[data-label]");
  if (!button || !label) return;
  label.dataset.idle ??= label.textContent ?? "";
  label.textContent = busy ? (button.dataset.busyLabel ?? "") : label.dataset.idle;
  button.querySelector<HTMLElement>(".button__spinner")?.toggleAttribute("hidden", !busy);
  button.disabled = busy;
  button.toggleAttribute("aria-busy", busy);
}

/**
 * Takes over a prerendered public form: checks it on submit (errors on their fields, focus on the
 * first), sends it, shows the server's field errors on the fields and anything else above the
 * button. Marks the page `data-enhanced` once done, so what needs the script can show itself.
 */
export function enhanceForm<A>(form: HTMLFormElement, { check, send, done }: EnhanceOptions<A>) {
  form.noValidate = true;
  let sending = false;
  const controls = controlsOf(form);

  function refuse(problems: FormProblems) {
    for (const control of controls) showProblem(control, problems[control.name]);
    controls.find((control) => problems[control.name])?.focus();
  }

  for (const control of controls) {
    control.addEventListener("input", () => {
      if (control.hasAttribute("aria-invalid")) showProblem(control, undefined);
    });
  }

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (sending) return;
    const values: FormValues = Object.fromEntries(
      controls.map((control) => [control.name, control.value.trim()]),
    );
    showAlert(form, undefined);
    const problems = check(values);
    refuse(problems);
    if (Object.values(problems).some(Boolean)) return;

    sending = true;
    setBusy(form, true);
    try {
      if (done(await send(values)) !== "again") return;
    } catch (error) {
      if (!(error instanceof ApiError)) {
        showAlert(form, "Something went wrong. Please try again.");
      } else {
        const onFields: FormProblems = {};
        const elsewhere: string[] = [];
        for (const { field, message } of error.fieldErrors) {
          if (controls.some((control) => control.name === field)) onFields[field] = message;
          else elsewhere.push(message);
        }
        const onlyFields = Object.keys(onFields).length > 0 && elsewhere.length === 0;
        showAlert(form, onlyFields ? "Please check the highlighted fields." : error.message);
        refuse(onFields);
      }
    }
    sending = false;
    setBusy(form, false);
  };
  form.addEventListener("submit", (event) => void submit(event));
  document.documentElement.dataset.enhanced = "";
}

/**
 * Replaces a sent form with its confirmation (FormSent's template `templateId`), the server's
 * message in it, and moves focus to its heading.
 */
export function showSent(
  form: HTMLFormElement,
  templateId: string,
  message: string,
): HTMLElement | undefined {
  const template = document.getElementById(templateId);
  if (!(template instanceof HTMLTemplateElement)) return undefined;
  const sent = template.content.firstElementChild?.cloneNode(true);
  if (!(sent instanceof HTMLElement)) return undefined;
  const slot = sent.querySelector("[data-sent-message]");
  if (slot) slot.textContent = message;
  form.replaceWith(sent);
  sent.querySelector<HTMLElement>("h2")?.focus();
  return sent;
}
