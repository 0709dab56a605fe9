import type {
  MessageBody,
  RegisterUserBody,
  UserBulkBody,
  UserListQuery,
  UserSettingBody,
} from "@serene/contract";
import { endpoints } from "@serene/contract/endpoints";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callEndpoint, callList } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";
import { listUsers } from "../../lib/shared-api";

// The back office's users and hosts: every call, its key and its hook. The list itself is
// `listUsers` in lib/shared-api.ts, which the user pickers share.

export type UserListParams = Partial<UserListQuery>;

/** Image: a URL answered by the upload. Answers "User Created Successfully"; a used e-mail 409. */
export function registerUser(body: RegisterUserBody) {
  return callEndpoint(endpoints.users.register, { body });
}

/** One user (`data`), as stored now. */
export function getUser(id: string, signal?: AbortSignal) {
  return callEndpoint(endpoints.users.get, { params: { user_id: id }, signal });
}

/** E-mail, username, mood and experience. */
export function updateUser(id: string, body: UserSettingBody) {
  return callEndpoint(endpoints.users.updateSettings, { params: { id }, body });
}

/** The Users Table's delete (`{id}`): the account and its personal data. Answers "User Deleted". */
export function deleteUser(id: string) {
  return callEndpoint(endpoints.users.removeFromTable, { body: { id } });
}

/** Deletes, makes hosts of or messages the users picked, or all matching a filter. */
export function bulkUsers(body: UserBulkBody) {
  return callEndpoint(endpoints.users.bulk, { body });
}

/** One page of the users with the host role. */
export function listHosts(params: { page?: number; limit?: number }, signal?: AbortSignal) {
  return callList(endpoints.hosts.hosts, { query: params, signal });
}

/** Gives the user the host role (and tells them). */
export function makeHost(id: string) {
  return callEndpoint(endpoints.users.makeHost, { params: { id } });
}

/** E-mails a back-office-created user a new invitation link. */
export function resendInvitation(id: string) {
  return callEndpoint(endpoints.users.resendInvitation, { params: { id } });
}

/** A message to one user's app inbox, with an e-mail copy. */
export function sendMessage(id: string, body: MessageBody) {
  return callEndpoint(endpoints.users.sendMessage, { params: { id }, body });
}

/** One page of users (its items and `meta`); the previous page stays on screen while the next one loads. */
export function useUserList(params: UserListParams) {
  return useQuery({
    queryKey: [...queryKeys.users.all, "list", params],
    queryFn: ({ signal }) => listUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** One user as stored now (GET /single/:id), to edit the latest values. */
export function useUser(id: string) {
  return useQuery({
    queryKey: [...queryKeys.users.all, "one", id],
    queryFn: ({ signal }) => getUser(id, signal),
    select: (answer) => answer.data,
    staleTime: 0,
  });
}

/** One page of the hosts (users with the host role). */
export function useHostList(params: { page: number; limit: number }) {
  return useQuery({
    queryKey: [...queryKeys.hosts.all, "list", params],
    queryFn: ({ signal }) => listHosts(params, signal),
    placeholderData: keepPreviousData,
  });
}
