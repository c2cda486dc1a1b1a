/**
 * Where the delivery worker hands messages: the SMTP server in `SMTP_URL` (a pooled nodemailer transport),
 * or, without one, the embedded local mailbox. One small interface so that the worker does not care.
 */
import nodemailer from 'nodemailer';
import type { ServiceDeps } from '../../http/build-service-app.ts';
import type { ClaimedMail } from './outbox-repository.ts';
import { insertLocalMail } from './local-mailbox-repository.ts';
import { loadMailAttachments, recordLocalMailAttachments } from './send-mail-repository.ts';

export interface MailTransport {
  readonly kind: 'smtp' | 'local';
  /** Delivers one message or throws. */
  send(mail: ClaimedMail): Promise<void>;
  close(): void;
}

/** The message id an SMTP server and a recipient see: stable per outbox row, so duplicates can be told apart. */
export function messageIdFor(outboxId: string): string {
  return `<${outboxId}@freight-desk.outbox>`;
}

export function createMailTransport(deps: Pick<ServiceDeps, 'config' | 'db' | 'now'>): MailTransport {
  const { config } = deps;
  if (config.smtpUrl) {
    const transporter = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: 5,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return {
      kind: 'smtp',
      async send(mail) {
        // Mail-dialog attachments (migration 008), copied onto the message when it was queued.
        const attachments = await deps.db.transaction({ role: 'freight_system', companyId: null }, (tx) =>
          loadMailAttachments(tx, mail.id),
        );
        await transporter.sendMail({
          from: config.mailFrom,
          to: mail.to,
          cc: mail.cc.length > 0 ? mail.cc : undefined,
          bcc: mail.bcc.length > 0 ? mail.bcc : undefined,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          messageId: messageIdFor(mail.id),
          attachments:
            attachments.length > 0
              ? attachments.map((a) => ({ filename: a.fileName, content: a.content, contentType: a.contentType }))
              : undefined,
        });
      },
      close() {
        transporter.close();
      },
    };
  }
  return {
    kind: 'local',
    async send(mail) {
      await deps.db.transaction({ role: 'freight_system', companyId: null }, async (tx) => {
        await insertLocalMail(
          tx,
          {
            outboxId: mail.id,
            from: config.mailFrom,
            to: mail.to,
            cc: mail.cc,
            bcc: mail.bcc,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          },
          deps.now(),
        );
        await recordLocalMailAttachments(tx, mail.id);
      });
    },
    close() {},
  };
}

/**
 * An error as it may be stored and logged: the SMTP reply or the network error, never credentials (the
 * user and password of `SMTP_URL` are blanked wherever they appear) and never longer than 500 characters.
 */
export function describeDeliveryError(error: unknown, smtpUrl: string | undefined): string {
  const err = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts = [
    typeof err.code === 'string' ? err.code : undefined,
    typeof err.responseCode === 'number' ? String(err.responseCode) : undefined,
    typeof err.message === 'string' ? err.message : String(error),
  ].filter(Boolean);
  let text = parts.join(' ').replace(/\/\/[^/@\s]*@/g, '//***@');
  if (smtpUrl) {
    try {
      const url = new URL(smtpUrl);
      for (const secret of [url.password, decodeURIComponent(url.password), url.username]) {
        if (secret.length >= 3) text = text.split(secret).join('***');
      }
    } catch {
      // An unparsable URL fails at sending already; nothing more to blank.
    }
  }
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}
