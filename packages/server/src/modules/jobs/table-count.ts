import { createReadStream } from 'node:fs';
import { readTable, unreadable, CSV_MAX_RECORD_SIZE, type TableType } from './table-reader';

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/** Bytes kept from one chunk for the next: a quote's look-ahead (`""`, a quote then `\r\n`) is two bytes. */
const LOOK_AHEAD = 2;

class Unreadable extends Error {}

/**
 * Counts a CSV file's records in one streaming pass over its bytes, without building cells: the
 * records csv-parse yields with the options of `readTableHere` (BOM skipped, the record delimiter
 * found as csv-parse finds it: the first unquoted `\r\n`, `\n` or `\r`; quoted delimiters and `""`
 * inside a quoted field; empty lines skipped; `relax_quotes` off). The file is refused where
 * csv-parse refuses it: a quote inside an unquoted field, a closing quote followed by anything but a
 * comma, a record delimiter or the end, a quote left open, a record over the size limit.
 */
export class CsvRecordCounter {
  records = 0;
  private quoting = false;
  private wasQuoting = false;
  private escaping = false;
  private fieldBytes = 0;
  private fieldUnits = 0;
  private recordFields = 0;
  private recordUnits = 0;
  /** The record delimiter once found: `\r\n`, `\n` or `\r`. */
  private delimiter: number[] | undefined;
  private started = false;
  private carry: Buffer | undefined;

  /** Feeds the next chunk of the file. */
  push(chunk: Buffer): void {
    let buf = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = undefined;
    if (!this.started) {
      if (buf.length < 3) {
        this.carry = buf;
        return;
      }
      this.started = true;
      // UTF-16 (csv-parse switches encoding on its BOM) is not counted here: the caller parses it.
      if (buf[0] === 0xff && buf[1] === 0xfe) throw new RangeError('UTF-16 file');
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
    }
    const end = this.scan(buf, false);
    if (end < buf.length) this.carry = Buffer.from(buf.subarray(end));
  }

  /** The file has ended: its record count (the header included). */
  finish(): number {
    // A file under three bytes is parsed as it is (csv-parse looks for a BOM in three bytes or more).
    this.started = true;
    if (this.carry) this.scan(this.carry, true);
    this.carry = undefined;
    if (this.quoting) throw new Unreadable('quote not closed');
    if (this.wasQuoting || this.recordFields !== 0 || this.fieldBytes !== 0) this.records += 1;
    return this.records;
  }

  /** The length of the record delimiter at `pos` (0 if none); finds the delimiter while it is not known. */
  private delimiterAt(buf: Buffer, pos: number): number {
    if (!this.delimiter) {
      const c = buf[pos];
      if (c === CR && buf[pos + 1] === LF) this.delimiter = [CR, LF];
      else if (c === LF) this.delimiter = [LF];
      else if (c === CR) this.delimiter = [CR];
      else return 0;
      return this.delimiter.length;
    }
    const d = this.delimiter;
    if (buf[pos] !== d[0]) return 0;
    if (d.length === 2 && buf[pos + 1] !== d[1]) return 0;
    return d.length;
  }

  /** Scans `buf` up to where a look-ahead would run past its end (all of it at the end); answers where it stopped. */
  private scan(buf: Buffer, end: boolean): number {
    const length = buf.length;
    const stop = end ? length : length - LOOK_AHEAD;
    let pos = 0;
    for (; pos < stop; pos++) {
      const c = buf[pos]!;
      if (this.escaping) this.escaping = false;
      else {
        if (this.quoting && c === QUOTE && pos + 1 < length && buf[pos + 1] === QUOTE) {
          // `""` inside quotes: the second quote is a character of the field.
          this.escaping = true;
          continue;
        }
        if (c === QUOTE) {
          if (this.quoting) {
            const next = buf[pos + 1];
            if (next === undefined || next === 0 || next === COMMA || this.delimiterAt(buf, pos + 1)) {
              this.quoting = false;
              this.wasQuoting = true;
              continue;
            }
            throw new Unreadable('invalid closing quote');
          }
          if (this.fieldBytes !== 0) throw new Unreadable('invalid opening quote');
          this.quoting = true;
          continue;
        }
        if (!this.quoting) {
          const delimiter = this.delimiterAt(buf, pos);
          if (delimiter) {
            if (this.wasQuoting || this.recordFields !== 0 || this.fieldBytes !== 0) this.records += 1;
            this.recordFields = 0;
            this.recordUnits = 0;
            this.fieldBytes = 0;
            this.fieldUnits = 0;
            this.wasQuoting = false;
            pos += delimiter - 1;
            continue;
          }
          if (c === COMMA) {
            this.recordFields += 1;
            this.recordUnits += this.fieldUnits;
            this.fieldBytes = 0;
            this.fieldUnits = 0;
            this.wasQuoting = false;
            continue;
          }
        }
      }
      // A character of the field. csv-parse's limit: the record's earlier fields (in characters) and this field (in bytes).
      if (this.recordUnits + this.fieldBytes > CSV_MAX_RECORD_SIZE) throw new Unreadable('record too large');
      this.fieldBytes += 1;
      // UTF-16 units of the text: a UTF-8 lead byte starts one character, a four-byte one two units.
      if ((c & 0xc0) !== 0x80) this.fieldUnits += c >= 0xf0 ? 2 : 1;
    }
    return pos;
  }
}

/**
 * The records of an import file (the header included), counted up to `limit` (more answers
 * `limit + 1`): a CSV by its record boundaries in one pass over its bytes (no cells built), an
 * XLSX (or a UTF-16 CSV) by reading its rows. A file that cannot be read answers 400 naming `file`.
 */
export async function countRecords(filePath: string, type: TableType, limit: number): Promise<number> {
  if (type === 'csv') {
    const counter = new CsvRecordCounter();
    try {
      for await (const chunk of createReadStream(filePath) as AsyncIterable<Buffer>) {
        counter.push(chunk);
        if (counter.records > limit) return limit + 1;
      }
      return Math.min(counter.finish(), limit + 1);
    } catch (error) {
      if (error instanceof Unreadable) throw unreadable(type);
      if (!(error instanceof RangeError)) throw error;
    }
  }
  let records = 0;
  for await (const _cells of readTable(filePath, type)) {
    records += 1;
    if (records > limit) return records;
  }
  return records;
}
