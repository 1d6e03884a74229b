const EMPTY = 0;
const FIRST_CAPACITY = 1 << 12;

/**
 * The first row of the file that had each duplicate key, kept as a 64-bit digest of the key in
 * typed arrays (12 bytes a slot, outside the JavaScript heap) instead of the key's text in a
 * Map: 200,000 gift keys held 6.2 MB instead of 139.8 MB (decision 0113). Two different keys
 * share a digest with a chance of about one in 10^8 at the row limit (decision 0113 says why
 * that is acceptable).
 */
export class FirstRows {
  private capacity = FIRST_CAPACITY;
  private size = 0;
  private high = new Uint32Array(FIRST_CAPACITY);
  private low = new Uint32Array(FIRST_CAPACITY);
  /** Row numbers start at 1 (the header), so 0 marks an empty slot. */
  private rows = new Int32Array(FIRST_CAPACITY);

  /** The row that had this key first, if any. */
  get(key: string): number | undefined {
    const [high, low] = digest(key);
    const row = this.rows[this.slotOf(high, low)]!;
    return row === EMPTY ? undefined : row;
  }

  /** Remembers the row for this key unless an earlier row had it. */
  add(key: string, row: number) {
    if (row <= EMPTY) throw new RangeError(`Row numbers start at 1, not ${row}.`);
    const [high, low] = digest(key);
    const slot = this.slotOf(high, low);
    if (this.rows[slot] !== EMPTY) return;
    this.high[slot] = high;
    this.low[slot] = low;
    this.rows[slot] = row;
    this.size++;
    // At most half full, so a probe ends soon.
    if (this.size * 2 > this.capacity) this.grow();
  }

  /** Bytes held by the table (for the tests and the decision's figures). */
  get bytes() {
    return this.high.byteLength + this.low.byteLength + this.rows.byteLength;
  }

  /** The slot holding this digest, or the empty slot where it would go (linear probing). */
  private slotOf(high: number, low: number) {
    const mask = this.capacity - 1;
    let slot = low & mask;
    while (this.rows[slot] !== EMPTY && (this.high[slot] !== high || this.low[slot] !== low)) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  private grow() {
    const { high, low, rows } = this;
    this.capacity *= 2;
    this.high = new Uint32Array(this.capacity);
    this.low = new Uint32Array(this.capacity);
    this.rows = new Int32Array(this.capacity);
    for (let i = 0; i < rows.length; i++) {
      if (rows[i] === EMPTY) continue;
      const slot = this.slotOf(high[i]!, low[i]!);
      this.high[slot] = high[i]!;
      this.low[slot] = low[i]!;
      this.rows[slot] = rows[i]!;
    }
  }
}

/**
 * A 64-bit digest of the key as two unsigned 32-bit halves: cyrb53's mixing (public domain)
 * kept to 64 bits, a microsecond a key where node:crypto's MD5 took twenty. Spread, not
 * secret: a file crafted to make two keys collide only marks its own row a duplicate, which
 * the preview shows.
 */
function digest(key: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}
