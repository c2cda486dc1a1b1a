// Initialises a new PGlite data folder in a short-lived process. initdb grows the WebAssembly heap to
// about 750 MB and WebAssembly memory never shrinks, so doing it in the server process would keep that
// for the life of the server; reopening the initialised folder costs about a fifth of it.
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node pglite-init.mjs <data dir>');
  process.exit(2);
}
const pg = await PGlite.create(dir);
await pg.close();
