/**
 * `npm run catalog:import -- FILE_OR_DIR` (docs/catalog-import.md): loads catalog CSV files into the
 * database of the configuration (DATABASE_URL, or the embedded PostgreSQL of DATA_DIR — stop the
 * shop first in embedded mode). Prints progress and a line per file; every bad row as
 * `file:line: reason`, in which case nothing is loaded and the exit code is 1.
 */
import { formatImportError, importCatalog } from '#libs/catalog/import.js';
import { ensureCatalogSchema } from '#libs/catalog/schema.js';
import { withCliDatabase } from '#libs/database/cli-database.js';
import { operatorConfig } from '../infrastructure/secrets.js';

const path = process.argv[2];
if (!path) {
  process.stderr.write('Usage: npm run catalog:import -- FILE_OR_DIR\n');
  process.exit(1);
}
const config = await operatorConfig();
let failed = false;
await withCliDatabase(config, async (pool) => {
  try {
    const started = Date.now();
    const schema = await ensureCatalogSchema(pool);
    if (!schema.trigramSearch)
      process.stdout.write('pg_trgm is not available: product search runs without its index\n');
    const report = await importCatalog(pool, path, { log: (line) => process.stdout.write(`${line}\n`) });
    if (report.errors.length > 0) {
      for (const error of report.errors) process.stderr.write(`${formatImportError(error)}\n`);
      process.stderr.write(`${report.errors.length} bad row(s): nothing was imported\n`);
      failed = true;
    } else {
      const sum = (k: 'read' | 'inserted' | 'updated' | 'unchanged') => report.files.reduce((n, f) => n + f[k], 0);
      process.stdout.write(
        `imported ${report.files.length} file(s) in ${Date.now() - started} ms: ${sum('read')} rows, ` +
          `${sum('inserted')} inserted, ${sum('updated')} updated, ${sum('unchanged')} unchanged\n`,
      );
    }
  } catch (error) {
    process.stderr.write(`Import failed: ${error instanceof Error ? error.message : String(error)}\n`);
    failed = true;
  }
});
// Explicit: the embedded server's exit hooks would otherwise end the process with 0.
process.exit(failed ? 1 : 0);
