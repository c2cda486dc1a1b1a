/**
 * `/iamserver/api/v1/users` (docs/api.md sections 7 and 12): the company's users. Creating one mails an
 * invitation; `disabled: true` ends the user's sessions. One schema for the service and the app.
 */
import { z } from 'zod';
import { listQuerySchema, versionInput } from './resource-contract.ts';

export const USER_SORT_FIELDS = ['name', 'emailId', 'firstName', 'lastName', 'createdAt', 'updatedAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export const userSchema = z.object({
  _id: z.string(),
  version: z.number().int(),
  companyId: z.string(),
  name: z.string(),
  emailId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailVerified: z.boolean(),
  disabled: z.boolean(),
  isSuperAdmin: z.boolean(),
  roleId: z.string().nullable(),
  roleName: z.string().nullable(),
  phone: z.string(),
  /** The avatar: an image file of driveserver (`GET /users/{id}/avatar` serves it to the company). */
  avatarFileId: z.string().nullable(),
  /** When the user last opened a session (password, Google or two-factor sign-in); null: never. */
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

const personName = z.string().trim().min(1).max(100);
/** A phone number as people write it: digits, spaces, `+ ( ) - .` and `/`; empty clears it. */
export const phoneInput = z
  .string()
  .trim()
  .max(40)
  .regex(/^[0-9+()\-./ ]*$/, 'digits, spaces and + ( ) - . / only');

/** `POST /users`: invites the user (a mail with a link to choose a first password). */
export const createUserBody = z.strictObject({
  emailId: z.email().max(254),
  firstName: personName,
  lastName: z.string().trim().max(100).default(''),
  name: personName.optional(),
  roleId: z.uuid().nullable().optional(),
});
export type CreateUserInput = z.input<typeof createUserBody>;

/** `PUT|PATCH /users/{id}`: `disabled: true` disables the user and revokes their sessions. */
export const updateUserBody = z.strictObject({
  version: versionInput.optional(),
  firstName: personName.optional(),
  lastName: z.string().trim().max(100).optional(),
  name: personName.optional(),
  roleId: z.uuid().nullable().optional(),
  disabled: z.boolean().optional(),
  phone: phoneInput.optional(),
});
export type UpdateUserInput = z.input<typeof updateUserBody>;

export const userListQuery = listQuerySchema(USER_SORT_FIELDS);
export type UserListQuery = z.input<typeof userListQuery>;
