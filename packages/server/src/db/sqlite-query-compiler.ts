import { type LimitNode, type OffsetNode, SqliteDialect, SqliteQueryCompiler } from 'kysely';

/**
 * Kysely's SQLite compiler, but a page's limit and offset are written `(? + 0)`. SQLite reads a
 * bare parameter there when it plans the statement, and from then on prepares the statement again
 * at every run, since the value may have changed: 25 to 35 µs of each run of a list's join
 * (docs/decisions/035-statements-prepared-once.md). An expression is not read when planning.
 */
export class SqliteCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit (');
    this.visitNode(node.limit);
    this.append(' + 0)');
  }

  protected override visitOffset(node: OffsetNode): void {
    this.append('offset (');
    this.visitNode(node.offset);
    this.append(' + 0)');
  }
}

/**
 * Kysely's SQLite dialect compiling as the server does, for a connection of its own beside the
 * server's (a backup's file, the bench's bare SQL): the same text, prepared once.
 */
export class SqliteCompilingDialect extends SqliteDialect {
  override createQueryCompiler() {
    return new SqliteCompiler();
  }
}
