import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectFileType, safeFileName } from './file-types';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-types-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const fileWith = (name: string, content: Buffer) => {
  const full = path.join(dir, name);
  fs.writeFileSync(full, content);
  return full;
};

describe('the text check', () => {
  const text = Buffer.from('A line of plain text.\n'.repeat(Math.ceil((70 * 1024) / 22)));

  it('reads the whole file: a binary tail after 70 KiB of text is refused', async () => {
    expect(await detectFileType(fileWith('elf-tail.txt', Buffer.concat([text, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 0])])))).toBeNull();
    expect(await detectFileType(fileWith('control-tail.txt', Buffer.concat([text, Buffer.from([0x1b, 0x5b, 0x32, 0x4a])])))).toBeNull();
    expect(await detectFileType(fileWith('bad-utf8-tail.txt', Buffer.concat([text, Buffer.from([0xc3, 0x28])])))).toBeNull();
  });

  it('accepts text of any length, multi-byte characters across chunk boundaries included', async () => {
    const wide = Buffer.from('ünïcödé ✓ 漢字 '.repeat(20_000));
    expect(await detectFileType(fileWith('wide.txt', wide))).toBe('txt');
    expect(await detectFileType(fileWith('long.txt', Buffer.concat([text, Buffer.from('the end ✓')])))).toBe('txt');
  });
});

describe('download names', () => {
  it.each([
    ['report.exe', 'png', 'report.png'],
    ['invoice\u202Efdp.exe', 'txt', 'invoicefdp.txt'],
    ['a\u2066b\u2069c\u200F\u061C.pdf', 'pdf', 'abc.pdf'],
    ['bell\u0007\u0085\u009b.docx', 'docx', 'bell.docx'],
    ['photo.jpeg', 'jpeg', 'photo.jpg'],
    ['README', 'txt', 'README.txt'],
    ['\u202E', 'txt', 'file.txt'],
    ['../../etc/passwd', 'txt', 'passwd.txt'],
  ] as const)('%j holding %s is served as %j', (name, type, expected) => {
    expect(safeFileName(name, type)).toBe(expected);
  });
});
