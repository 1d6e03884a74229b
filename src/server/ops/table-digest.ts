import { createHash } from 'node:crypto';

/**
 * A table's checksum that does not depend on row order: the sha256 of the sorted sha256s of
 * its rows (each row as PostgreSQL renders it with to_jsonb in UTC). PGlite and PostgreSQL
 * may sort text keys differently (collations), and the same rows must still compare equal.
 */
export class TableDigest {
  private readonly rowHashes: string[] = [];

  add(line: string) {
    this.rowHashes.push(createHash('sha256').update(line).digest('hex'));
  }

  get rows() {
    return this.rowHashes.length;
  }

  digest(): string {
    const hash = createHash('sha256');
    for (const h of [...this.rowHashes].sort()) hash.update(h);
    return hash.digest('hex');
  }
}
