/**
 * Password reset by mailed link: request (never says whether the address exists), check, and reset (a new
 * password, the token used up, every session of the user revoked).
 */
import type { ServiceDeps } from '../../../http/build-service-app.ts';
import { enqueueMail } from '../../mail/outbox-repository.ts';
import { renderProductMail } from '../../mail/templates/product-mail.ts';
import { actionTokenExpired, actionTokenInvalid, renderActionMail, webLink } from './account-recovery-mail.ts';
import {
  consumeToken,
  findCompanyName,
  findUnusedToken,
  findUserByEmail,
  findUserById,
  insertAccountAudit,
  revokeAllSessions,
  setPasswordAndVerifyEmail,
  tokenIssuedSince,
} from './account-recovery-repository.ts';
import { ACTION_MAIL_THROTTLE_MS, hashActionToken, issueActionToken } from './account-recovery-tokens.ts';
import { hashPassword } from '../passwords/password-hash.ts';
import { assertAcceptablePassword } from '../passwords/password-policy-service.ts';

type Deps = Pick<ServiceDeps, 'db' | 'config' | 'now'>;

/** Token lookups happen before anyone is signed in, across companies. */
const system = { role: 'freight_system', companyId: null } as const;

export const RESET_LINK_PATH = '/account-reset/confirm';

/**
 * Mails a reset link if the address belongs to an enabled user; does nothing otherwise. The caller answers
 * the same either way, so that the call tells nobody which addresses have accounts.
 */
export async function requestPasswordReset(deps: Deps, input: { emailId: string; requestId: string }): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(system, async (tx) => {
    const user = await findUserByEmail(tx, input.emailId);
    if (!user || user.disabled) return;
    if (await tokenIssuedSince(tx, user.id, 'password_reset', new Date(now.getTime() - ACTION_MAIL_THROTTLE_MS))) {
      return;
    }
    const { token } = await issueActionToken(tx, {
      purpose: 'password_reset',
      companyId: user.companyId,
      userId: user.id,
      email: user.email,
      now,
    });
    const resetUrl = webLink(deps.config.publicWebUrl, RESET_LINK_PATH, { token });
    const companyName = (await findCompanyName(tx, user.companyId)) ?? '';
    const values = { userName: user.name, companyName, resetUrl };
    const mail = await renderProductMail(tx, user.companyId, 'password-reset', values, () =>
      renderActionMail({
        subject: 'Reset your Freight Desk password',
        greeting: `Hello ${user.name},`,
        paragraphs: [
          'Someone asked to reset the password of your Freight Desk account. Use the link below within one hour to choose a new password; it works once.',
        ],
        actionLabel: 'Choose a new password',
        url: resetUrl,
        footer: 'If you did not ask for this, ignore this message: your password stays as it is.',
      }),
    );
    await enqueueMail(tx, { companyId: user.companyId, to: [user.email], kind: 'password_reset', ...mail });
    await insertAccountAudit(tx, {
      companyId: user.companyId,
      actorUserId: user.id,
      action: 'auth.password_reset_requested',
      entityId: user.id,
      changes: {},
      requestId: input.requestId,
    });
  });
}

/** Whether a reset or invitation link can still be used, and for which address. */
export async function checkAccountLink(deps: Deps, token: string): Promise<{ valid: boolean; emailId?: string }> {
  const holder = await deps.db.transaction(system, (tx) =>
    findUnusedToken(tx, hashActionToken(token), ['password_reset', 'invitation']),
  );
  if (!holder || holder.expiresAt <= deps.now()) return { valid: false };
  return { valid: true, emailId: holder.email };
}

/** Sets the new password, uses the token up and ends every session of the user. */
export async function resetPassword(
  deps: Deps,
  input: { token: string; password: string; requestId: string },
): Promise<{ emailId: string }> {
  assertAcceptablePassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  const hash = hashActionToken(input.token);
  return deps.db.transaction(system, async (tx) => {
    const holder = await findUnusedToken(tx, hash, ['password_reset']);
    const consumed = holder ? await consumeToken(tx, hash, 'password_reset', now) : undefined;
    if (!holder || !consumed) throw actionTokenInvalid();
    if (consumed.expiresAt <= now) throw actionTokenExpired();
    const user = await findUserById(tx, consumed.userId);
    if (!user) throw actionTokenInvalid();
    await setPasswordAndVerifyEmail(tx, user.id, passwordHash, now);
    const sessionsRevoked = await revokeAllSessions(tx, user.id, 'password_reset');
    await insertAccountAudit(tx, {
      companyId: user.companyId,
      actorUserId: user.id,
      action: 'auth.password_reset',
      entityId: user.id,
      changes: { passwordChanged: true, emailVerified: true, sessionsRevoked },
      requestId: input.requestId,
    });
    return { emailId: user.email };
  });
}
