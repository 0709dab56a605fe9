import type { User } from "@serene/contract";
import { useState } from "react";
import { UserEditModal } from "../components/user-edit-modal";
import { UserMessageModal } from "../components/user-message-modal";

type Dialog = { kind: "edit" | "message"; user: User; opened: boolean };

/** The row menu's Edit Profile and Send Message modals, for any list of users. */
export function useUserDialogs() {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog((current) => current && { ...current, opened: false });
  const shown = (kind: Dialog["kind"]) => (dialog?.kind === kind ? dialog : null);

  return {
    openEdit: (user: User) => setDialog({ kind: "edit", user, opened: true }),
    openMessage: (user: User) => setDialog({ kind: "message", user, opened: true }),
    dialogs: (
      <>
        <UserEditModal
          opened={shown("edit")?.opened ?? false}
          onClose={close}
          user={shown("edit")?.user ?? null}
        />
        <UserMessageModal
          opened={shown("message")?.opened ?? false}
          onClose={close}
          user={shown("message")?.user ?? null}
        />
      </>
    ),
  };
}
