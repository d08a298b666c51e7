/** Minimal files recognised by content (magic numbers / container parts), for upload tests. */
export const pngBytes = (size = 64) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(Math.max(0, size - 8), 1)]);
export const jpegBytes = (size = 64) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(Math.max(0, size - 4), 2)]);
export const pdfBytes = () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const textBytes = (text = 'Hello, kitchen team.\nLine two: café ✓\n') => Buffer.from(text, 'utf8');
/** A Windows executable: must be refused whatever its name says. */
export const exeBytes = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

/** A ZIP container with one stored entry named `entry` (word/document.xml makes a DOCX, xl/workbook.xml an XLSX). */
export function zipWith(entry: string, body = '<x/>'): Buffer {
  const name = Buffer.from(entry);
  const data = Buffer.from(body);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, data]);
}
export const docxBytes = () => zipWith('word/document.xml');
export const xlsxBytes = () => zipWith('xl/workbook.xml');
