/**
 * `POST /send` (CONTRACT.md section 9): the mail dialog. The message is queued in the outbox in the same
 * transaction as its attachments, its audit entry and the notifications of colleagues among the
 * recipients; the delivery worker sends it. `202 { data: { _id, status: "queued" } }`.
 */
import { z } from 'zod';
import { ERROR_CODES } from '../../../src/shared/api-envelope.ts';
import { auditChange } from '../../http/audit-change.ts';
import { ApiError } from '../../http/api-error.ts';
import { assertSubscriptionActive, requireAuthContext } from '../../http/auth-context.ts';
import { requires } from '../../http/route-permission.ts';
import type { App, ServiceDeps } from '../../http/build-service-app.ts';
import { runWrite } from '../../http/idempotency.ts';
import { itemResponse } from '../../http/list-query.ts';
import { createNotifications } from '../notifications/notification-service.ts';
import { enqueueMail } from './outbox-repository.ts';
import { sanitizeMailHtml } from './mail-html-sanitizer.ts';
import {
  attachFilesToMail,
  findAttachableFiles,
  findColleaguesByEmail,
  findSenderName,
} from './send-mail-repository.ts';
import { htmlToPlainText } from './send-plain-text.ts';

export const MAX_RECIPIENTS = 50;
export const MAX_SUBJECT_LENGTH = 200;
export const MAX_BODY_BYTES = 200 * 1024;
export const MAX_ATTACHMENTS = 10;
/** What common SMTP servers still accept once base64 has grown the files by a third. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
/** The outbox kind of mail-dialog messages. */
export const USER_MAIL_KIND = 'user_mail';

const address = z.email({ message: 'must be a valid e-mail address' }).max(254);
const addressList = z.array(address).max(MAX_RECIPIENTS);

export const sendMailBody = z
  .strictObject({
    to: addressList.min(1, { message: 'at least one recipient is required' }),
    cc: addressList.default([]),
    bcc: addressList.default([]),
    subject: z
      .string()
      .trim()
      .min(1)
      .max(MAX_SUBJECT_LENGTH)
      // eslint-disable-next-line no-control-regex
      .refine((s) => !/[\x00-\x1f\x7f]/.test(s), { message: 'must be one line without control characters' }),
    body: z
      .string()
      .max(MAX_BODY_BYTES)
      .refine((s) => Buffer.byteLength(s, 'utf8') <= MAX_BODY_BYTES, { message: 'must be at most 200 KB' }),
    attachments: z.array(z.uuid()).max(MAX_ATTACHMENTS).default([]),
  })
  .superRefine((value, ctx) => {
    const total = new Set([...value.to, ...value.cc, ...value.bcc].map((a) => a.toLowerCase())).size;
    if (total > MAX_RECIPIENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `at most ${MAX_RECIPIENTS} recipients in to, cc and bcc together`,
      });
    }
  });

export const sendMailResponse = itemResponse(z.object({ _id: z.string(), status: z.literal('queued') }));

/** Each address once across to, cc and bcc (in that order of precedence), as written first. */
function dedupe(lists: { to: string[]; cc: string[]; bcc: string[] }) {
  const seen = new Set<string>();
  const keep = (list: string[]) =>
    list.filter((a) => {
      const key = a.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return { to: keep(lists.to), cc: keep(lists.cc), bcc: keep(lists.bcc) };
}

export function registerSendMailRoutes(app: App, deps: ServiceDeps): void {
  app.post(
    '/send',
    {
      config: { permission: requires('mail', 'create') },
      schema: {
        summary: 'Send a message from the mail dialog (queued; delivered by the mail worker)',
        tags: ['mail'],
        body: sendMailBody,
        response: { 202: sendMailResponse },
      },
    },
    async (req, reply) => {
      const caller = requireAuthContext(req);
      assertSubscriptionActive(caller);
      const { to, cc, bcc } = dedupe(req.body);
      const { subject } = req.body;
      const html = sanitizeMailHtml(req.body.body);
      const text = htmlToPlainText(html);
      const fileIds = [...new Set(req.body.attachments.map((id) => id.toLowerCase()))];

      return runWrite(deps, req, reply, { status: 202 }, async (tx, auth) => {
        const files = await findAttachableFiles(tx, fileIds);
        const missing = fileIds.filter((id) => !files.some((f) => f.id === id));
        if (missing.length > 0) {
          throw new ApiError(404, ERROR_CODES.NOT_FOUND, `File not found: ${missing.join(', ')}`, {
            details: missing.map((id) => ({ path: 'body.attachments', message: `no file ${id} in this company` })),
          });
        }
        if (files.reduce((sum, f) => sum + f.size, 0) > MAX_ATTACHMENT_BYTES) {
          throw new ApiError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, 'The attachments together can be at most 25 MB');
        }

        const id = await enqueueMail(tx, {
          companyId: auth.companyId,
          to,
          cc,
          bcc,
          subject,
          text,
          html,
          kind: USER_MAIL_KIND,
          listedForCompany: true,
          createdBy: auth.userId,
        });
        await attachFilesToMail(tx, { outboxId: id, companyId: auth.companyId }, fileIds);

        const colleagues = await findColleaguesByEmail(tx, [...to, ...cc, ...bcc], auth.userId);
        if (colleagues.length > 0) {
          const sender = (await findSenderName(tx, auth.userId)) ?? auth.email;
          await createNotifications(tx, {
            companyId: auth.companyId,
            userIds: colleagues,
            kind: 'mail',
            title: `New mail from ${sender}`,
            body: subject,
            createdBy: auth.userId,
          });
        }

        await auditChange(tx, req, auth, {
          action: 'mail.send',
          entity: 'mail',
          entityId: id,
          // The body stays out of the audit log: it can be large, and the message itself keeps it.
          after: { to, cc, bcc, subject, attachments: fileIds, notifiedUsers: colleagues.length },
        });
        return { data: { _id: id, status: 'queued' as const } };
      });
    },
  );
}
