/**
 * How long a write's `Idempotency-Key` protects it, shared by the services and the outbox.
 *
 * The services keep a stored key (and its answer) for `IDEMPOTENCY_KEY_RETENTION_MS`; a later request with
 * the same key is a new write. The outbox sends an entry on its own only while it is younger than
 * `OUTBOX_SEND_UNASKED_MS`, well inside that window, so a replay it sends blind is always still covered by
 * its key; an older entry waits for the user to send or discard it.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** Stored idempotency keys expire after 30 days. */
export const IDEMPOTENCY_KEY_RETENTION_MS = 30 * DAY_MS;

/** The outbox replays an entry without asking for 7 days after it was made. */
export const OUTBOX_SEND_UNASKED_MS = 7 * DAY_MS;
