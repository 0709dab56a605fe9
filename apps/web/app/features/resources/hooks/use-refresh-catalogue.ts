import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { activityKeys } from "../../activity/hooks/use-activity";
import { dashboardKeys } from "../../dashboard/hooks/use-dashboard";
import { interestKeys } from "../../interests/hooks/use-interests";
import { resourceKeys } from "./use-resource-list";

/**
 * After a write to contents or interests: both lists show something of the other (a content's
 * interest name, an interest's number of contents), so both are fetched again, and so are the
 * dashboard's counts and charts and the activity log.
 */
export function useRefreshCatalogue() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [resourceKeys.all, interestKeys.all, dashboardKeys.all, activityKeys.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    [queryClient],
  );
}
