import { notifications } from "@mantine/notifications";

/** The toast's close button, named for screen readers (Mantine leaves it unnamed). */
const closeButtonProps = { "aria-label": "Dismiss" };

/** A toast that something worked, in the server's or the spec's words. */
export function notifySuccess(message: string) {
  notifications.show({ color: "teal", message, closeButtonProps });
}

/** A toast that something did not work: what failed, and why when the reason is known. */
export function notifyFailure(what: string, reason?: string) {
  notifications.show(
    reason
      ? { color: "red", title: what, message: reason, autoClose: 8000, closeButtonProps }
      : { color: "red", message: what, closeButtonProps },
  );
}
