/**
 * How large a request body each family of routes reads (larger: 413 PAYLOAD_TOO_LARGE, refused from the
 * Content-Length before the body is read). The JSON resources use the app's `BODY_LIMIT` (1 MiB by
 * default); the routes below set their own with the route option `bodyLimit`.
 */

/**
 * Sign-in and account routes that anyone may call (an e-mail address, a password, a code, a token):
 * nothing legitimate comes near 16 KiB, and an anonymous caller must not make the server read more.
 */
export const ACCOUNT_BODY_LIMIT = 16 * 1024;

/** `POST /contacts/import`: a few thousand CSV rows as JSON. */
export const CONTACT_IMPORT_BODY_LIMIT = 8 * 1024 * 1024;
