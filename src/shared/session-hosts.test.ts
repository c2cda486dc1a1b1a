import { describe, expect, it } from 'vitest';
import { DEFAULT_HOST_CONFIG as C, apiBaseFor, environmentFor, serviceOfUrl } from './session-hosts';

describe('hosts', () => {
  it('picks the environment from the page host', () => {
    expect(environmentFor(C.production.pageHost, C)).toBe('production');
    expect(environmentFor(C.dev.pageHost, C)).toBe('dev');
    expect(environmentFor(C.io.pageHost, C)).toBe('io');
    expect(environmentFor('localhost', C)).toBe('local');
  });

  it('builds API bases', () => {
    expect(apiBaseFor('iamserver', 'localhost', C)).toBe('http://localhost:3003/iamserver/api/v1');
    expect(apiBaseFor('logserver', '127.0.0.1', C)).toBe('http://127.0.0.1:3014/logserver/api/v1');
    expect(apiBaseFor('master', C.production.pageHost, C)).toBe(`https://${C.production.apiHost}/master/api/v1`);
  });

  it('matches calls to all eight services, and nothing else', () => {
    const at = (url: string) => serviceOfUrl(new URL(url), 'localhost', C);
    expect(at('http://localhost:3000/master/api/v1/country')).toBe('master');
    expect(at('http://localhost:3001/mailserver/api/v1/send')).toBe('mailserver');
    expect(at('http://localhost:3002/driveserver/api/v1/x')).toBe('driveserver');
    expect(at('http://localhost:3003/iamserver/api/v1/fetch-user')).toBe('iamserver');
    expect(at('http://localhost:3005/contactserver/api/v1/contacts')).toBe('contactserver');
    expect(at('http://localhost:3006/shipmentserver/api/v1/shipments')).toBe('shipmentserver');
    expect(at('http://localhost:3009/reportserver/api/v1/reportSketch')).toBe('reportserver');
    expect(at('http://localhost:3014/logserver/api/v1/audit')).toBe('logserver');
    expect(at(`https://${C.production.apiHost}/iamserver/api/v1/fetch-user`)).toBe('iamserver');
    expect(at('http://localhost:3000/iamserver/api/v1/fetch-user')).toBeNull();
    expect(at('https://evil.example/iamserver/api/v1/fetch-user')).toBeNull();
    expect(at('http://localhost:8080/dashboard')).toBeNull();
  });
});
