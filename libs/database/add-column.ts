/**
 * SQL that adds a column to a table of the shop's own unless it is there. Unlike `ALTER TABLE ... ADD
 * COLUMN IF NOT EXISTS`, which takes the table's exclusive lock even when the column exists (and so
 * deadlocks with a transaction holding its rows: a store opened while refunds run), it alters the table
 * only when the catalog lacks the column. `table` and `column` are the code's own constants, never input.
 */
export function addColumnSql(table: string, column: string): string {
  const [name] = column.split(' ');
  if (!/^[a-z_][a-z0-9_]*$/.test(table) || !name || !/^[a-z_][a-z0-9_]*$/.test(name)) {
    throw new Error(`not a plain table and column name: ${table}.${column}`);
  }
  return `DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM information_schema.columns
                    WHERE table_schema = current_schema() AND table_name = '${table}' AND column_name = '${name}') THEN
      ALTER TABLE ${table} ADD COLUMN ${column};
    END IF;
  END $$`;
}
