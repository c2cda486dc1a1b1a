/**
 * Invitations: a new user gets a mailed link (valid 7 days, single use) to choose their first password.
 * `inviteUser` runs inside the caller's transaction (the user creation of `POST /users`), so that the mail
 * goes out only if the user is created.
 */
import type { Queryable } from '../../../db/database.ts';
import type { ServiceDeps } from '../../../http/build-service-app.ts';
import { enqueueMail } from '../../mail/outbox-repository.ts';
import { renderProductMail } from '../../mail/templates/product-mail.ts';
import { actionTokenExpired, actionTokenInvalid, renderActionMail, webLink } from './account-recovery-mail.ts';
import {
  consumeToken,
  findCompanyName,
  findUnusedToken,
  insertAccountAudit,
  setPasswordAndVerifyEmail,
} from './account-recovery-repository.ts';
import { hashActionToken, issueActionToken } from './account-recovery-tokens.ts';
import { hashPassword } from '../passwords/password-hash.ts';
import { assertAcceptablePassword } from '../passwords/password-policy-service.ts';
import { RESET_LINK_PATH } from './password-reset-service.ts';

export interface InviteUserInput {
  companyId: string;
  /** The invited user, already inserted in `tx`. */
  userId: string;
  email: string;
  /** Shown in the mail: "<name> invited you …". */
  invitedByName: string;
  /** Defaults to the transaction's acting user. */
  invitedByUserId?: string | null;
  requestId?: string | null;
}

/**
 * Creates the invitation link and queues its mail in `tx` (a `freight_app` transaction of `companyId`, or a
 * `freight_system` one). Any earlier invitation of the same user stops working.
 */
export async function inviteUser(
  tx: Queryable,
  deps: Pick<ServiceDeps, 'config' | 'now'>,
  input: InviteUserInput,
): Promise<{ expiresAt: Date }> {
  const now = deps.now();
  const { token, expiresAt } = await issueActionToken(tx, {
    purpose: 'invitation',
    companyId: input.companyId,
    userId: input.userId,
    email: input.email,
    now,
  });
  const companyName = (await findCompanyName(tx, input.companyId)) ?? 'their company';
  const acceptUrl = webLink(deps.config.publicWebUrl, RESET_LINK_PATH, { token, invite: '1' });
  const values = { invitedByName: input.invitedByName, companyName, recipientEmail: input.email, acceptUrl };
  const mail = await renderProductMail(tx, input.companyId, 'invitation', values, () =>
    renderActionMail({
      subject: `${input.invitedByName} invited you to Freight Desk`,
      greeting: 'Hello,',
      paragraphs: [
        `${input.invitedByName} invited you to join ${companyName} on Freight Desk.`,
        'Use the link below within 7 days to choose your password; it works once.',
      ],
      actionLabel: 'Accept the invitation',
      url: acceptUrl,
      footer: 'If you did not expect this invitation, ignore this message.',
    }),
  );
  await enqueueMail(tx, {
    companyId: input.companyId,
    to: [input.email],
    kind: 'invitation',
    createdBy: input.invitedByUserId ?? null,
    ...mail,
  });
  await insertAccountAudit(tx, {
    companyId: input.companyId,
    actorUserId: input.invitedByUserId ?? null,
    action: 'auth.invitation_sent',
    entityId: input.userId,
    changes: { email: input.email, expiresAt: expiresAt.toISOString() },
    requestId: input.requestId ?? null,
  });
  return { expiresAt };
}

/** Sets the invited user's first password, marks the address verified and uses the link up. */
export async function acceptInvitation(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  input: { token: string; password: string; requestId: string },
): Promise<{ emailId: string }> {
  assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  const hash = hashActionToken(input.token);
  return deps.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const holder = await findUnusedToken(tx, hash, ['invitation']);
    const consumed = holder ? await consumeToken(tx, hash, 'invitation', now) : undefined;
    if (!holder || !consumed) throw actionTokenInvalid();
    if (consumed.expiresAt <= now) throw actionTokenExpired();
    await setPasswordAndVerifyEmail(tx, holder.userId, passwordHash, now);
    await insertAccountAudit(tx, {
      companyId: holder.companyId,
      actorUserId: holder.userId,
      action: 'auth.invitation_accepted',
      entityId: holder.userId,
      changes: { passwordSet: true, emailVerified: true },
      requestId: input.requestId,
    });
    return { emailId: holder.email };
  });
}
