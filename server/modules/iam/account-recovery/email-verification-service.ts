/**
 * E-mail verification by mailed link: the signed-in user asks for a link (valid 24 hours, single use) and
 * following it marks the address verified.
 */
import type { AuthContext } from '../../../http/auth-context.ts';
import type { ServiceDeps } from '../../../http/build-service-app.ts';
import { enqueueMail } from '../../mail/outbox-repository.ts';
import { renderProductMail } from '../../mail/templates/product-mail.ts';
import { actionTokenExpired, actionTokenInvalid, renderActionMail, webLink } from './account-recovery-mail.ts';
import {
  consumeToken,
  findUnusedToken,
  findUserById,
  insertAccountAudit,
  markEmailVerified,
  tokenIssuedSince,
} from './account-recovery-repository.ts';
import { ACTION_MAIL_THROTTLE_MS, hashActionToken, issueActionToken } from './account-recovery-tokens.ts';

type Deps = Pick<ServiceDeps, 'db' | 'config' | 'now'>;

export const VERIFY_EMAIL_PATH = '/verify-email';

/**
 * Mails a verification link to the signed-in user's address. Nothing is sent when the address is already
 * verified or a link went out less than a minute ago.
 */
export async function sendVerificationEmail(
  deps: Deps,
  auth: Pick<AuthContext, 'userId' | 'companyId'>,
  requestId: string,
): Promise<{ sent: boolean }> {
  const now = deps.now();
  // The caller's own company: row-level security applies to every statement.
  const scope = { role: 'freight_app', companyId: auth.companyId, userId: auth.userId } as const;
  return deps.db.transaction(scope, async (tx) => {
    const user = await findUserById(tx, auth.userId);
    if (!user || user.disabled || user.emailVerified) return { sent: false };
    if (await tokenIssuedSince(tx, user.id, 'email_verification', new Date(now.getTime() - ACTION_MAIL_THROTTLE_MS))) {
      return { sent: false };
    }
    const { token } = await issueActionToken(tx, {
      purpose: 'email_verification',
      companyId: user.companyId,
      userId: user.id,
      email: user.email,
      now,
    });
    const verifyUrl = webLink(deps.config.publicWebUrl, VERIFY_EMAIL_PATH, { token });
    const values = { userName: user.name, email: user.email, verifyUrl };
    const mail = await renderProductMail(tx, user.companyId, 'verify-email', values, () =>
      renderActionMail({
        subject: 'Verify your e-mail address for Freight Desk',
        greeting: `Hello ${user.name},`,
        paragraphs: [`Confirm that ${user.email} is your address: open the link below within 24 hours.`],
        actionLabel: 'Verify my e-mail address',
        url: verifyUrl,
        footer: 'If you did not ask for this, ignore this message.',
      }),
    );
    await enqueueMail(tx, {
      companyId: user.companyId,
      to: [user.email],
      kind: 'email_verification',
      createdBy: user.id,
      ...mail,
    });
    await insertAccountAudit(tx, {
      companyId: user.companyId,
      actorUserId: user.id,
      action: 'auth.email_verification_sent',
      entityId: user.id,
      changes: {},
      requestId,
    });
    return { sent: true };
  });
}

/** Marks the address of the link's user verified and uses the link up. */
export async function verifyEmail(
  deps: Deps,
  input: { token: string; requestId: string },
): Promise<{ emailId: string }> {
  const now = deps.now();
  const hash = hashActionToken(input.token);
  // Nobody need be signed in to follow the link: the token alone identifies the user, across companies.
  return deps.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
    const holder = await findUnusedToken(tx, hash, ['email_verification']);
    const consumed = holder ? await consumeToken(tx, hash, 'email_verification', now) : undefined;
    if (!holder || !consumed) throw actionTokenInvalid();
    if (consumed.expiresAt <= now) throw actionTokenExpired();
    await markEmailVerified(tx, holder.userId, now);
    await insertAccountAudit(tx, {
      companyId: holder.companyId,
      actorUserId: holder.userId,
      action: 'auth.email_verified',
      entityId: holder.userId,
      changes: { emailVerified: { from: holder.user.emailVerified, to: true } },
      requestId: input.requestId,
    });
    return { emailId: holder.email };
  });
}
