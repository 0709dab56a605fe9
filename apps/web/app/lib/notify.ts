import { notifications } from "@mantine/notifications";

/** A toast that something worked, in the server's or the spec's words. */
export function notifySuccess(message: string) {
  notifications.show({ color: "teal", message });
}

/** A toast that something did not work: what failed, and why when the reason is known. */
export function notifyFailure(what: string, reason?: string) {
  notifications.show(
    reason
      ? { color: "red", title: what, message: reason, autoClose: 8000 }
      : { color: "red", message: what },
  );
}
