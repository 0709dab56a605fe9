import type { UserListQuery } from "@serene/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listUsers } from "../../../api/users";
import { queryKeys } from "../../../lib/query-keys";
import { getUser } from "../api/get-user";
import { listHosts } from "../api/list-hosts";

export type UserListParams = Partial<UserListQuery>;

/** One page of users (its items and `meta`); the previous page stays on screen while the next one loads. */
export function useUserList(params: UserListParams) {
  return useQuery({
    queryKey: queryKeys.users.list(params),
    queryFn: ({ signal }) => listUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** One user as stored now (GET /single/:id), to edit the latest values. */
export function useUser(id: string) {
  return useQuery({
    queryKey: queryKeys.users.one(id),
    queryFn: ({ signal }) => getUser(id, signal),
    select: (answer) => answer.data,
    staleTime: 0,
  });
}

/** One page of the hosts (users with the host role). */
export function useHostList(params: { page: number; limit: number }) {
  return useQuery({
    queryKey: queryKeys.hosts.list(params),
    queryFn: ({ signal }) => listHosts(params, signal),
    placeholderData: keepPreviousData,
  });
}
