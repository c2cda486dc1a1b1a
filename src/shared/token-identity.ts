/**
 * Who an access token belongs to, read from its payload without verifying it (the services verify; this
 * only decides whose outbox and caches a page or the worker works with): `sub` is the user, `cid` the company.
 */
export interface TokenIdentity {
  userId: string;
  companyId: string;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function identityOfAccessToken(token: string | null | undefined): TokenIdentity | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(base64UrlDecode(payload)) as { sub?: unknown; cid?: unknown };
    return typeof claims.sub === 'string' && typeof claims.cid === 'string' && claims.sub && claims.cid
      ? { userId: claims.sub, companyId: claims.cid }
      : null;
  } catch {
    return null;
  }
}
