import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { TRASH_DAYS, type User } from "@serene/contract";
import { useCallback, useState } from "react";
import { ApiError } from "../../lib/api-client";
import { notifyFailure, notifySuccess } from "../../lib/notify";
import { useRefreshAfter } from "../../lib/query-keys";
import { useRestoreFromTrash } from "../../lib/trash";
import { deleteUser, makeHost, resendInvitation } from "./api";
import { UserEditModal } from "./components/user-edit-modal";
import { UserMessageModal } from "./components/user-message-modal";

// A user row's actions: the confirm-first writes, and the Edit Profile and Send Message modals.

/** Make a host: asks first, gives the role, says so and refreshes the lists. */
export function useMakeHost() {
  const refreshAfter = useRefreshAfter();
  return useCallback(
    (user: User) => {
      const makeHostNow = async () => {
        try {
          const answer = await makeHost(user._id);
          notifySuccess(answer.message);
          await refreshAfter("user");
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          notifyFailure(`${user.username} was not made a host`, error.message);
        }
      };
      modals.openConfirmModal({
        title: `Make ${user.username} a host`,
        children: (
          <Text>{user.username} will be able to upload their own content. They are told in the app.</Text>
        ),
        labels: { confirm: "Make a host", cancel: "Cancel" },
        onConfirm: () => void makeHostNow(),
      });
    },
    [refreshAfter],
  );
}

/**
 * Resend invitation: for a user the back office created who has not chosen a password yet; a new
 * link goes out and the previous one ends.
 */
export function useResendInvitation() {
  const refreshAfter = useRefreshAfter();
  return useCallback(
    async (user: User) => {
      try {
        const answer = await resendInvitation(user._id);
        notifySuccess(answer.message);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        notifyFailure(`The invitation to ${user.username} was not sent`, error.message);
      }
      // Used meanwhile (409): the list then shows them as no longer invited.
      await refreshAfter("user");
    },
    [refreshAfter],
  );
}

/**
 * Delete Profile: asks first, deletes the account (to the trash), says "User Deleted" with an Undo
 * that restores it, and refreshes the lists.
 */
export function useDeleteUser() {
  const refreshAfter = useRefreshAfter();
  const restore = useRestoreFromTrash();
  return useCallback(
    (user: User) => {
      const remove = async () => {
        try {
          const answer = await deleteUser(user._id);
          notifySuccess(answer.message, () => restore([user._id]));
          await refreshAfter("user");
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          notifyFailure("The profile was not deleted", error.message);
        }
      };
      modals.openConfirmModal({
        title: `Delete ${user.username}`,
        children: (
          <>
            <Text>Are you sure you want to delete this profile</Text>
            <Text c="dimmed" mt="xs">
              {user.email} is signed out and hidden everywhere. Restore them from Trash within {TRASH_DAYS}{" "}
              days; then their personal data and picture are deleted. Content they uploaded stays.
            </Text>
          </>
        ),
        labels: { confirm: "Delete Profile", cancel: "Cancel" },
        confirmProps: { color: "red.9" },
        onConfirm: () => void remove(),
      });
    },
    [refreshAfter, restore],
  );
}

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
