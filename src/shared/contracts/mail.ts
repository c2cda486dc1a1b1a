/**
 * mailserver's mail dialog (docs/api.md section 9): `POST /send` queues a message, `GET /send` lists the
 * company's sent mail with each message's delivery state, `GET /send/{id}` adds its body.
 */
import { z } from 'zod';
import { listQuerySchema } from './resource-contract.ts';

export const MAX_RECIPIENTS = 50;
export const MAX_SUBJECT_LENGTH = 200;
export const MAX_BODY_BYTES = 200 * 1024;
export const MAX_ATTACHMENTS = 10;

const utf8 = new TextEncoder();
const address = z.email({ message: 'must be a valid e-mail address' }).max(254);
const addressList = z.array(address).max(MAX_RECIPIENTS);

export const sendMailBodySchema = z
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
    /** HTML; the service sanitizes it. */
    body: z
      .string()
      .max(MAX_BODY_BYTES)
      .refine((s) => utf8.encode(s).length <= MAX_BODY_BYTES, { message: 'must be at most 200 KB' }),
    /** File ids from driveserver. */
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

/** `202`: queued; the delivery worker sends it. */
export const sendMailAnswerSchema = z.object({ _id: z.string(), status: z.literal('queued') });

export const sentMailStatusSchema = z.enum(['queued', 'sent', 'failed']);

export const sentMailAttachmentSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

/** One message of the sent list. */
export const sentMailSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  status: sentMailStatusSchema,
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  attempts: z.number().int(),
  /** The last delivery error, without credentials. */
  lastError: z.string().nullable(),
  attachments: z.array(sentMailAttachmentSchema),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

/** `GET /send/{id}`: the message with its body. */
export const sentMailDetailSchema = sentMailSchema.extend({ html: z.string().nullable(), text: z.string() });

export const SENT_MAIL_SORT_FIELDS = ['createdAt', 'sentAt', 'subject', 'status'] as const;

export const sentMailListQuerySchema = listQuerySchema(SENT_MAIL_SORT_FIELDS).extend({
  status: sentMailStatusSchema.optional(),
});

export type SendMailInput = z.input<typeof sendMailBodySchema>;
export type SendMailAnswer = z.infer<typeof sendMailAnswerSchema>;
export type SentMailStatus = z.infer<typeof sentMailStatusSchema>;
export type SentMailAttachment = z.infer<typeof sentMailAttachmentSchema>;
export type SentMail = z.infer<typeof sentMailSchema>;
export type SentMailDetail = z.infer<typeof sentMailDetailSchema>;
