/**
 * Test helpers for the mail-template routes, shared by templates.test.ts and sign-in-templates.test.ts so
 * both call the mailserver the same way and read its lists through the shared contract. Test files only.
 */
import { expect } from 'vitest';
import { mailTemplateSchema, type MailTemplate } from '../../../../src/shared/contracts/mail-templates.ts';
import { listAnswer } from '../../../../src/shared/contracts/resource-contract.ts';
import type { App } from '../../../http/build-service-app.ts';

export const MAIL = '/mailserver/api/v1';

/** The `Authorization` header of the user a request is sent as. */
export type Who = { authorization: string };

export type TemplateMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Calls and list reads against the mailserver that `mail()` returns (a getter, because the test's kit is
 * started in `beforeAll`, after the helpers are made).
 */
export function templateClient(mail: () => App) {
  const call = (method: TemplateMethod, url: string, who: Who, payload?: object) =>
    mail().inject({ method, url: `${MAIL}${url}`, headers: who, ...(payload ? { payload } : {}) });

  /** The templates `who` sees (of one type when given), checked against the contract. */
  async function templates(who: Who, type?: string): Promise<MailTemplate[]> {
    const res = await call('GET', `/templates?limit=100${type ? `&type=${type}` : ''}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return listAnswer(mailTemplateSchema).parse(res.json()).data;
  }

  return { call, templates };
}
