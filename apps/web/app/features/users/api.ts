import {
  hostListResponseSchema,
  type MessageBody,
  okEnvelopeSchema,
  type RegisterUserBody,
  type UserBulkBody,
  userBulkResponseSchema,
  type UserListQuery,
  userResponseSchema,
  type UserSettingBody,
} from "@serene/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { endpoints } from "@serene/contract/endpoints";
import { apiList, apiRequest, callEndpoint } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";
import { listUsers } from "../../lib/shared-api";

// The back office's users and hosts: every call, its key and its hook. The list itself is
// `listUsers` in lib/shared-api.ts, which the user pickers share.

export type UserListParams = Partial<UserListQuery>;

const userPath = (id: string) => `/user/users/${encodeURIComponent(id)}`;

/** POST /user/register (image: a URL answered by the upload). Answers "User Created Successfully"; a used e-mail 409. */
export function registerUser(body: RegisterUserBody) {
  return apiRequest("/user/register", { method: "POST", body, schema: userResponseSchema });
}

/** One user (`data`), as stored now. */
export function getUser(id: string, signal?: AbortSignal) {
  return callEndpoint(endpoints.users.get, { params: { user_id: id }, signal });
}

/** PUT /user/user/setting/:id: e-mail, username, mood and experience. */
export function updateUser(id: string, body: UserSettingBody) {
  return apiRequest(`/user/user/setting/${encodeURIComponent(id)}`, {
    method: "PUT",
    body,
    schema: userResponseSchema,
  });
}

/** POST /user/users with `{id}` (the Users Table's call): the account and its personal data. Answers "User Deleted". */
export function deleteUser(id: string) {
  return apiRequest("/user/users", { method: "POST", body: { id }, schema: okEnvelopeSchema });
}

/** POST /user/users/bulk: delete, make host or message the users picked, or all matching a filter. */
export function bulkUsers(body: UserBulkBody) {
  return apiRequest("/user/users/bulk", { method: "POST", body, schema: userBulkResponseSchema });
}

/** GET /user/hosts: one page of the users with the host role. */
export function listHosts(params: { page?: number; limit?: number }, signal?: AbortSignal) {
  return apiList("/user/hosts", { query: params, schema: hostListResponseSchema, signal });
}

/** POST /user/users/:id/make-host: gives the user the host role (and tells them). */
export function makeHost(id: string) {
  return apiRequest(`${userPath(id)}/make-host`, {
    method: "POST",
    schema: userResponseSchema,
  });
}

/** POST /user/users/:id/invitation: e-mails a back-office-created user a new invitation link. */
export function resendInvitation(id: string) {
  return apiRequest(`${userPath(id)}/invitation`, {
    method: "POST",
    schema: okEnvelopeSchema,
  });
}

/** POST /user/users/:id/message: a message to one user's app inbox, with an e-mail copy. */
export function sendMessage(id: string, body: MessageBody) {
  return apiRequest(`${userPath(id)}/message`, {
    method: "POST",
    body,
    schema: okEnvelopeSchema,
  });
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
