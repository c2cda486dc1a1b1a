/**
 * `POST /send` (docs/api.md section 9): the mail dialog. The message is queued in the outbox in the same
 * transaction as its attachments, its audit entry and the notifications of colleagues among the
 * recipients; the delivery worker sends it. `202 { data: { _id, status: "queued" } }`.
 */
import { ERROR_CODES } from '../../../src/shared/api-envelope.ts';
import { sendMailAnswerSchema, sendMailBodySchema } from '../../../src/shared/contracts/mail.ts';
import { auditChange } from '../../http/audit-change.ts';
import { ApiError } from '../../http/api-error.ts';
import { assertSubscriptionActive, requireAuthContext } from '../../http/auth-context.ts';
import { mayAttachFile } from '../../files/file-holders.ts';
import { requires } from '../../http/route-permission.ts';
import type { App, ServiceDeps } from '../../http/build-service-app.ts';
import { runWrite } from '../../http/idempotency.ts';
import { itemResponse } from '../../http/list-query.ts';
import { createNotifications } from '../notifications/notification-service.ts';
import { enqueueMail } from './outbox-repository.ts';
import { sanitizeMailHtml } from './mail-html-sanitizer.ts';
import {
  attachFilesToMail,
  type AttachableFile,
  findAttachableFiles,
  findColleaguesByEmail,
  findSenderName,
} from './send-mail-repository.ts';
import { htmlToPlainText } from './send-plain-text.ts';

/** What common SMTP servers still accept once base64 has grown the files by a third. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
/** The outbox kind of mail-dialog messages. */
export const USER_MAIL_KIND = 'user_mail';

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
        body: sendMailBodySchema,
        response: { 202: itemResponse(sendMailAnswerSchema) },
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
        // A file of a record the caller may not read is not theirs to send.
        const files: AttachableFile[] = [];
        for (const file of await findAttachableFiles(tx, fileIds)) {
          if (await mayAttachFile(tx, auth, file.id)) files.push(file);
        }
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
