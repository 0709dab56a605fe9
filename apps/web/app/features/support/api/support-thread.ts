import { type SupportMessageDetail, supportMessageDetailResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

const messagePath = (id: string) => `/user/support-messages/${encodeURIComponent(id)}`;

/** GET /user/support-messages/:id: the message with its assignee and its thread of replies, oldest first. */
export async function getSupportMessage(id: string, signal?: AbortSignal): Promise<SupportMessageDetail> {
  return (await apiRequest(messagePath(id), { schema: supportMessageDetailResponseSchema, signal })).data;
}

/** POST /user/support-messages/:id/replies: e-mails the reply to the sender and keeps it in the thread. */
export async function replyToSupportMessage(id: string, message: string) {
  return (
    await apiRequest(`${messagePath(id)}/replies`, {
      method: "POST",
      body: { message },
      schema: supportMessageDetailResponseSchema,
    })
  ).data;
}

/** POST /user/support-messages/:id/assign: hands the message to an admin, or to nobody (null). */
export async function assignSupportMessage(id: string, assignee: string | null) {
  return (
    await apiRequest(`${messagePath(id)}/assign`, {
      method: "POST",
      body: { assignee },
      schema: supportMessageDetailResponseSchema,
    })
  ).data;
}

/** POST /user/support-messages/:id/close or /reopen. */
export async function setSupportMessageStatus(id: string, status: "open" | "closed") {
  return (
    await apiRequest(`${messagePath(id)}/${status === "closed" ? "close" : "reopen"}`, {
      method: "POST",
      schema: supportMessageDetailResponseSchema,
    })
  ).data;
}
