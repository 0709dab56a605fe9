import { z } from "./zod.ts";
import { emailSchema, entityIdFields, idSchema, text } from "./common.ts";
import { envelope } from "./envelope.ts";
import { countMetaSchema, listEnvelope } from "./pagination.ts";
import { staffRoles, usernameSchema } from "./users.ts";

/** The back office's accounts (admins and editors), as the Admins page lists them. */
export const staffMemberSchema = z.object({
  ...entityIdFields,
  email: z.string(),
  username: z.string(),
  role: z.enum(staffRoles),
  /** Two-factor sign-in is on. */
  twoFactor: z.boolean(),
  /** Invited and not signed in yet: the invitation's link is not used. */
  invited: z.boolean(),
  lastActiveAt: z.string().nullable(),
  time_created: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListResponseSchema = listEnvelope(staffMemberSchema, countMetaSchema);
export const staffMemberResponseSchema = envelope(staffMemberSchema);

const staffRoleSchema = z.enum(staffRoles, { error: "role must be admin or editor" });

/** An invitation to the back office: an e-mail with a single-use link to choose a password. */
export const inviteStaffBodySchema = z.object({
  email: emailSchema,
  role: staffRoleSchema,
  /** The name shown in the back office; the address's first part when not given. */
  username: usernameSchema.optional(),
});
export type InviteStaffBody = z.input<typeof inviteStaffBodySchema>;

export const staffRoleBodySchema = z.object({ role: staffRoleSchema });
export type StaffRoleBody = z.infer<typeof staffRoleBodySchema>;
export const staffParamsSchema = z.object({ id: idSchema });

/** A 6-digit authenticator code, or a recovery code (xxxxx-xxxxx). */
export const twoFactorCodeSchema = text()
  .min(1, { error: "Enter the code" })
  .max(20, { error: "A code is at most 20 characters" });

export const twoFactorCodeBodySchema = z.object({ code: twoFactorCodeSchema });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBodySchema>;

/** The second step of a sign-in: the challenge answered by POST /auth/login, and a code. */
export const twoFactorLoginBodySchema = z.object({
  challenge: text().min(1, { error: "is required" }).max(500),
  code: twoFactorCodeSchema,
});
export type TwoFactorLoginBody = z.infer<typeof twoFactorLoginBodySchema>;

/** Your two-factor sign-in: on or not, required of you, recovery codes left. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The back office requires it of every staff account and yours has it off: set it up first. */
  setupRequired: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export const twoFactorStatusResponseSchema = envelope(twoFactorStatusSchema);

/** Set-up: the secret to type into an authenticator app, and the same as an otpauth:// URI (QR code). */
export const twoFactorSetupResponseSchema = envelope(
  z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() }),
);

/** The 10 one-time recovery codes, shown once when two-factor sign-in is turned on. */
export const recoveryCodesResponseSchema = envelope(z.object({ recoveryCodes: z.array(z.string()) }));

/** The back office's settings (admins). */
export const backOfficeSettingsSchema = z.object({
  /** Every admin and editor must turn two-factor sign-in on before reaching anything else. */
  requireTwoFactor: z.boolean(),
});
export type BackOfficeSettings = z.infer<typeof backOfficeSettingsSchema>;
export const backOfficeSettingsBodySchema = z.object({
  requireTwoFactor: z.boolean({ error: "requireTwoFactor must be true or false" }),
});
export const backOfficeSettingsResponseSchema = envelope(backOfficeSettingsSchema);
