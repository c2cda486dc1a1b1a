/**
 * The signed-in user's own account (`/iamserver/api/v1/profile/…`): changing their password, and their
 * active sessions with "sign out everywhere else".
 */
import { z } from 'zod';
import { versionInput } from './resource-contract.ts';
import { phoneInput } from './users.ts';

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

/**
 * `GET|PATCH /profile`: the signed-in user's own profile (the `/users` item), which every user may edit
 * whatever their role: names, phone and avatar. Role and disabling stay with `/users` and `users.update`.
 */
export const updateOwnProfileBody = z.strictObject({
  version: versionInput.optional(),
  firstName: z.string().trim().min(1).max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  name: z.string().trim().min(1).max(100).optional(),
  phone: phoneInput.optional(),
  /** An image file uploaded through driveserver (PNG, JPEG or WebP, at most 1 MB); null removes the avatar. */
  avatarFileId: z.uuid().nullable().optional(),
});
export type UpdateOwnProfileInput = z.input<typeof updateOwnProfileBody>;

export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 1024 * 1024;
