import { modals } from "@mantine/modals";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { clearToken, LOGIN_PATH } from "../../lib/auth-token";
import { logout } from "./api";

/** Asks for confirmation, then ends the session (even if the server call fails) and goes to sign-in. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(() => {
    const endSession = async () => {
      await logout().catch(() => undefined);
      clearToken();
      void navigate(LOGIN_PATH, { replace: true });
    };
    modals.openConfirmModal({
      title: "Logout",
      children: "Are you sure you want to logout?",
      labels: { confirm: "Logout", cancel: "Cancel" },
      onConfirm: () => void endSession(),
    });
  }, [navigate]);
}
