import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { activityKeys } from "../../activity/hooks/use-activity";
import { dashboardKeys } from "../../dashboard/hooks/use-dashboard";
import { hostKeys } from "../../hosts/hooks/use-hosts";
import { userKeys } from "./use-user-list";

/**
 * After a write to a user: the users lists, the hosts page, the dashboard's counts and the
 * activity log all show something of them, so all are fetched again.
 */
export function useRefreshUsers() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [userKeys.all, hostKeys.all, dashboardKeys.all, activityKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    [queryClient],
  );
}
