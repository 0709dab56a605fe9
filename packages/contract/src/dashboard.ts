import { z } from "./zod.ts";
import { envelope } from "./envelope.ts";
import { messageBodySchema } from "./users.ts";

/** The pie chart's six fixed colours (spec). */
export const PIE_COLORS = ["#215c86", "#8d0c9e", "#07b273", "#c69d09", "#4d66ea", "#5a07ba"] as const;
export const RECENT_SIGNUPS = 20;
export const RECENT_CONTENTS = 6;

export const dashboardStatsResponseSchema = envelope(
  z.object({
    resources: z.number().int(),
    /** App users: listeners and hosts (the staff are counted apart). */
    users: z.number().int(),
    /** Staff accounts (admins). */
    staff: z.number().int(),
    /** Pending become-a-host requests. */
    hostRequests: z.number().int(),
    /** Average listening seconds per play; 0 when nothing was played yet. */
    avgTimeOnAppSeconds: z.number(),
  }),
);
export type DashboardStats = z.infer<typeof dashboardStatsResponseSchema>["data"];

/** Bare lists (the spec's client reads the body as the list). */
export const usersGainedSchema = z.array(z.object({ _id: z.string(), count: z.number().int() }));
export const resourcesPerInterestSchema = z.array(
  z.object({ interest: z.string(), count: z.number().int() }),
);

/** Broadcast: a title (the inbox shows "Message from Serene" without one) and the message, as Send Message. */
export const broadcastBodySchema = messageBodySchema;
/** How many users a broadcast reaches (the answer of the broadcast, and of its audience before it goes). */
export const broadcastResponseSchema = envelope(z.object({ recipients: z.number().int() }));
