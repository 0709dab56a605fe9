import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { interestKeys } from "../../interests/hooks/use-interests";
import { resourceKeys } from "./use-resource-list";

/**
 * After a write to contents or interests: both lists show something of the other (a content's
 * interest name, an interest's number of contents), so both are fetched again.
 */
export function useRefreshCatalogue() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKeys.all }),
        queryClient.invalidateQueries({ queryKey: interestKeys.all }),
      ]),
    [queryClient],
  );
}
