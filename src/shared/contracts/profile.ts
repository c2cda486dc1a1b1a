/**
 * The signed-in user's own account (`/iamserver/api/v1/profile/…`): changing their password, and their
 * active sessions with "sign out everywhere else".
 */
import { z } from 'zod';

export const changePasswordBody = z.strictObject({
  currentPassword: z.string().min(1).max(200),
  newPassword: z.string().min(1).max(200),
});
export type ChangePasswordInput = z.input<typeof changePasswordBody>;
/** The other sessions the change signed out (the one that made it stays). */
export const changePasswordAnswerSchema = z.object({ revokedSessions: z.number().int() });

export const ownSessionSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  userAgent: z.string(),
  ip: z.string(),
  /** The session making this call. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;
export const ownSessionsAnswerSchema = z.array(ownSessionSchema);
export const revokeOthersAnswerSchema = z.object({ revoked: z.number().int() });
