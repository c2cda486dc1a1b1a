/**
 * Mail templates (docs/api.md section 12), called as the app calls them: the templates every company
 * starts with (both languages, one default per type), merge fields checked against the type, the body
 * stored sanitized, one default per type kept by the server, previews with sample values, escaping of
 * merge values, isolation between companies, and the product's own mail rendered from the default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTemplateSchema, MERGE_FIELDS, TEMPLATE_TYPES } from '../../../../src/shared/contracts/mail-templates.ts';
import { startAccountFlowKit, type AccountFlowKit } from '../../iam/account-recovery/account-recovery-test-kit.ts';
import { IAM, signIn } from '../../iam/iam-resources-test-kit.ts';
import { templateClient, type Who } from './template-test-kit.ts';
import { DEMO_PASSWORD } from '../../../seed/demo.ts';
import { renderTemplate } from './template-render.ts';

let kit: AccountFlowKit;
let admin: { authorization: string };
let harbor: { authorization: string };

beforeAll(async () => {
  kit = await startAccountFlowKit();
  admin = await signIn(kit.iam, 'admin@demo.test');
  harbor = await signIn(kit.iam, 'admin@harbor.test');
});
afterAll(async () => kit?.close());

const { call, templates } = templateClient(() => kit.mail);
const defaultOf = async (type: string, who: Who = admin) => (await templates(who, type)).find((t) => t.isDefault)!;

describe('the templates a company starts with', () => {
  it('has every type in English and Spanish, with the English one as the default', async () => {
    const all = await templates(admin);
    for (const type of TEMPLATE_TYPES) {
      const ofType = all.filter((t) => t.type === type);
      expect(ofType.map((t) => t.language).sort(), type).toEqual(['en', 'es']);
      expect(
        ofType.filter((t) => t.isDefault).map((t) => t.language),
        type,
      ).toEqual(['en']);
    }
    expect(all.find((t) => t.type === 'invitation' && t.language === 'es')?.subject).toBe(
      '{{invitedByName}} te ha invitado a Freight Desk',
    );
  });

  it('lists the merge fields of a type, and refuses a type it does not know', async () => {
    const res = await call('GET', '/templates/merge-fields?type=invitation', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(MERGE_FIELDS.invitation);
    expect(res.json().data.find((f: { name: string }) => f.name === 'acceptUrl').required).toBe(true);
    const bad = await call('GET', '/templates/merge-fields?type=newsletter', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('writing templates', () => {
  it('refuses a merge field the type does not have, and a body without the type’s required field', async () => {
    const unknown = await call('POST', '/templates', admin, {
      name: 'Bad',
      type: 'general',
      subject: 'Hi {{recipientName}}',
      body: '<p>Your code {{code}}</p>',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('VALIDATION_FAILED');
    expect(unknown.json().details[0]).toMatchObject({ path: 'body', message: expect.stringContaining('{{code}}') });

    const missing = await call('POST', '/templates', admin, {
      name: 'No link',
      type: 'invitation',
      subject: 'Join us',
      body: '<p>Please join.</p>',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0]).toMatchObject({ path: 'body', message: 'must contain {{acceptUrl}}' });
  });

  it('stores the body sanitized, as the mail dialog’s mail is sent', async () => {
    const res = await call('POST', '/templates', admin, {
      name: 'Friendly note',
      type: 'general',
      subject: 'Hello {{recipientName}}',
      body: '<p onclick="steal()">Hi {{recipientName}}</p><script>steal()</script><a href="javascript:steal()">x</a>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const stored = mailTemplateSchema.parse(res.json().data);
    expect(stored.body).toBe('<p>Hi {{recipientName}}</p><a>x</a>');
    expect(stored.isDefault).toBe(false);
    const del = await call('DELETE', `/templates/${stored._id}`, admin);
    expect(del.statusCode).toBe(200);
  });

  it('keeps one default per type: making one the default unsets the other; the default is neither unset nor deleted', async () => {
    const english = await defaultOf('password-reset');
    const spanish = (await templates(admin, 'password-reset')).find((t) => t.language === 'es')!;

    const unset = await call('PATCH', `/templates/${english._id}`, admin, {
      isDefault: false,
      version: english.version,
    });
    expect(unset.statusCode).toBe(400);
    expect(unset.json().details[0].path).toBe('isDefault');
    const remove = await call('DELETE', `/templates/${english._id}`, admin);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().code).toBe('RESOURCE_IN_USE');

    const made = await call('PATCH', `/templates/${spanish._id}`, admin, { isDefault: true, version: spanish.version });
    expect(made.statusCode, made.body).toBe(200);
    const after = await templates(admin, 'password-reset');
    expect(after.filter((t) => t.isDefault).map((t) => t._id)).toEqual([spanish._id]);

    // The product's password-reset mail now speaks Spanish.
    const res = await kit.post('/auth/reset-password-link', { emailId: 'admin@demo.test' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [mail] = await kit.inbox('admin@demo.test');
    expect(mail?.subject).toBe('Restablece tu contraseña de Freight Desk');
    expect(mail?.text).toMatch(/Elegir una contraseña nueva: http\S+\/account-reset\/confirm\?token=\S+$/m);

    const back = await call('PATCH', `/templates/${english._id}`, admin, {
      isDefault: true,
      version: english.version + 1,
    });
    expect(back.statusCode).toBe(200);
  });

  it('refuses a stale version with 409 and audits each write field by field', async () => {
    const template = await defaultOf('verify-email');
    const ok = await call('PATCH', `/templates/${template._id}`, admin, {
      version: template.version,
      subject: 'Please verify {{email}}',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await call('PATCH', `/templates/${template._id}`, admin, {
      version: template.version,
      subject: 'Older edit',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const audit = await kit.system(async (tx) => {
      const { rows } = await tx.query<{ action: string; changes: unknown }>(
        'SELECT action, changes FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id',
        ['mailTemplate', template._id],
      );
      return rows;
    });
    expect(audit.map((r) => r.action)).toEqual(['mailTemplate.update']);
    expect(JSON.stringify(audit[0]!.changes)).toContain('Please verify {{email}}');
  });
});

describe('previews', () => {
  it('renders the stored template or the draft given, with sample values', async () => {
    const invitation = await defaultOf('invitation');
    const stored = await call('POST', `/templates/${invitation._id}/preview`, admin, {});
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().data.subject).toBe('Ada Admin invited you to Freight Desk');
    expect(stored.json().data.html).toContain('join Demo Freight on Freight Desk');
    expect(stored.json().data.html).toContain(
      'href="https://app.example.com/account-reset/confirm?token=sample&amp;invite=1"',
    );

    const draft = await call('POST', `/templates/${invitation._id}/preview`, admin, {
      subject: 'Welcome from {{companyName}}',
      body: '<p>{{invitedByName}} wants you here: <a href="{{acceptUrl}}">join</a></p><img src=x onerror=alert(1)>',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data.subject).toBe('Welcome from Demo Freight');
    expect(draft.json().data.html).not.toContain('onerror');
    // The stored template did not change.
    expect((await defaultOf('invitation')).version).toBe(invitation.version);

    const broken = await call('POST', `/templates/${invitation._id}/preview`, admin, { body: '<p>no link</p>' });
    expect(broken.statusCode).toBe(400);
  });

  it('escapes merge values: a value can never add markup', () => {
    const out = renderTemplate(
      { subject: 'For {{recipientName}}', body: '<p title="{{recipientName}}">Hi {{recipientName}}</p>' },
      { recipientName: '"><script>alert(1)</script>' },
    );
    expect(out.html).not.toContain('<script');
    expect(out.html).toContain('&lt;script&gt;');
    expect(out.subject).toBe('For "><script>alert(1)</script>');
    expect(out.text).toContain('Hi "><script>alert(1)</script>');
  });
});

describe('isolation', () => {
  it('another company neither sees nor changes a template', async () => {
    const mine = await defaultOf('general');
    const theirs = await templates(harbor);
    expect(theirs.length).toBe(TEMPLATE_TYPES.length * 2);
    expect(theirs.some((t) => t._id === mine._id)).toBe(false);
    for (const res of [
      await call('GET', `/templates/${mine._id}`, harbor),
      await call('PATCH', `/templates/${mine._id}`, harbor, { name: 'Hijacked', version: mine.version }),
      await call('POST', `/templates/${mine._id}/preview`, harbor, {}),
      await call('DELETE', `/templates/${mine._id}`, harbor),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(mine.subject);
    }
    expect((await defaultOf('general')).name).toBe(mine.name);
  });
});

describe('the product’s own mail', () => {
  it('an invitation is rendered from the default invitation template, with merge values escaped', async () => {
    const template = await defaultOf('invitation');
    const edit = await call('PATCH', `/templates/${template._id}`, admin, {
      version: template.version,
      subject: '{{companyName}} wants you aboard',
      body: '<h2>Ahoy from {{invitedByName}}</h2><p><a href="{{acceptUrl}}">Come aboard</a> ({{recipientEmail}})</p>',
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const invite = await kit.iam.inject({
      method: 'POST',
      url: `${IAM}/users`,
      headers: admin,
      payload: { emailId: 'deckhand@demo.test', firstName: 'Deck', lastName: 'Hand', roleId: await opsRoleId() },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const [mail] = await kit.inbox('deckhand@demo.test');
    expect(mail?.subject).toBe('Demo Freight wants you aboard');
    expect(mail?.html).toContain('<h2>Ahoy from');
    expect(mail?.text).toMatch(/Come aboard: http\S+\/account-reset\/confirm\?token=[\w-]+&invite=1/);
    expect(mail?.text).toContain('(deckhand@demo.test)');
  });

  it('a two-factor code is rendered from the default two-factor template', async () => {
    const template = await defaultOf('two-factor-code');
    const edit = await call('PATCH', `/templates/${template._id}`, admin, {
      version: template.version,
      subject: 'Code for {{userName}}',
      body: '<p>Enter {{code}} within {{validMinutes}} minutes.</p>',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await kit.system((tx) =>
      tx.query(
        "UPDATE companies SET two_factor_auth = true WHERE id = (SELECT company_id FROM users WHERE email = 'admin@demo.test')",
      ),
    );
    const res = await kit.post('/auth/login', { emailId: 'ops@demo.test', password: DEMO_PASSWORD });
    await kit.system((tx) => tx.query('UPDATE companies SET two_factor_auth = false'));
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await kit.inbox('ops@demo.test');
    expect(mail?.subject).toMatch(/^Code for \S/);
    expect(mail?.text).toMatch(/^Enter \d{6} within 10 minutes\.$/);
  });
});

async function opsRoleId(): Promise<string> {
  return kit.system(async (tx) => {
    const { rows } = await tx.query<{ role_id: string }>("SELECT role_id FROM users WHERE email = 'ops@demo.test'");
    return rows[0]!.role_id;
  });
}
