import { z } from "./zod.ts";
import { entityIdFields, mediaUrlSchema, text } from "./common.ts";
import { envelope } from "./envelope.ts";
import { countMetaSchema, listEnvelope } from "./pagination.ts";

export const appMessageStatuses = ["active", "inactive"] as const;

export const appMessageSchema = z.object({
  ...entityIdFields,
  title: z.string(),
  message: z.string(),
  status: z.enum(appMessageStatuses),
  image: z.string().nullable(),
  updated_at: z.string(),
});
export type AppMessage = z.infer<typeof appMessageSchema>;

export const appMessageBodySchema = z.object({
  title: text()
    .min(1, { error: "Title is required" })
    .max(120, { error: "Title must be at most 120 characters" }),
  message: text()
    .min(1, { error: "Message is required" })
    .max(1000, { error: "Message must be at most 1000 characters" }),
  status: z.enum(appMessageStatuses, { error: "Status must be active or inactive" }),
  /** A URL from POST /upload; null removes the image. */
  image: mediaUrlSchema.nullable().optional(),
});
export type AppMessageBody = z.input<typeof appMessageBodySchema>;

/** No message set: the same fields, all null (the spec's client reads `data.title`, never `data: null`). */
export const noAppMessageSchema = z.object({
  _id: z.null(),
  id: z.null(),
  title: z.null(),
  message: z.null(),
  status: z.null(),
  image: z.null(),
  updated_at: z.null(),
});
export const NO_APP_MESSAGE: z.infer<typeof noAppMessageSchema> = {
  _id: null,
  id: null,
  title: null,
  message: null,
  status: null,
  image: null,
  updated_at: null,
};
export const appMessageResponseSchema = envelope(z.union([appMessageSchema, noAppMessageSchema]));

export const devices = ["android", "ios"] as const;
export const deviceSchema = z.enum(devices, { error: "Device must be android or ios" });
export type Device = z.infer<typeof deviceSchema>;

export const appVersionSchema = z.object({
  device: deviceSchema,
  v_code: z.string(),
  v_name: z.string(),
  updated_at: z.string(),
});
export type AppVersion = z.infer<typeof appVersionSchema>;

export const appVersionQuerySchema = z.object({ os: deviceSchema });
export const appVersionBodySchema = z.object({
  device: deviceSchema,
  /** Sent as a number or a digit string; kept as a string. */
  v_code: z
    .union([z.number().int().nonnegative().transform(String), text()], {
      error: "V-CODE must be a whole number (the build number)",
    })
    .pipe(z.string().regex(/^\d{1,10}$/, { error: "V-CODE must be a whole number (the build number)" })),
  v_name: text().regex(/^\d+(\.\d+){0,3}([-+][\w.]+)?$/, { error: "V-NAME must look like 1.4.2" }),
});
export type AppVersionBody = z.input<typeof appVersionBodySchema>;
export type AppVersionInput = z.output<typeof appVersionBodySchema>;

/**
 * No version published for the device: the same object with its fields empty (the spec's Manage App
 * page reads `data.v_code`, never `data: null`).
 */
export const noAppVersionSchema = z.object({
  device: deviceSchema,
  v_code: z.literal(""),
  v_name: z.literal(""),
  updated_at: z.null(),
});
export const noAppVersion = (device: Device): z.infer<typeof noAppVersionSchema> => ({
  device,
  v_code: "",
  v_name: "",
  updated_at: null,
});
export const appVersionResponseSchema = envelope(z.union([appVersionSchema, noAppVersionSchema]));
/** POST /app-version answers the version it published. */
export const publishedAppVersionResponseSchema = envelope(appVersionSchema);
export const appVersionHistoryResponseSchema = listEnvelope(appVersionSchema, countMetaSchema);
