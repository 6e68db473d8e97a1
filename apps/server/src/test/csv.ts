/** Parses CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The attachments of a raw MIME message: file name, content type and decoded bytes. */
export function mailAttachments(raw: string): { fileName: string; contentType: string; content: Buffer }[] {
  const boundary = /boundary="?([^";\s]+)"?/i.exec(raw)?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .filter((part) => /content-disposition:\s*attachment/i.test(part))
    .map((part) => {
      const [head = '', ...body] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
      // Long names are split into RFC 2231 pieces: filename*0="..."; filename*1=...
      const pieces = [...unfolded.matchAll(/filename\*(\d+)\*?="?([^";\r\n]+)"?/gi)];
      const fileName = pieces.length
        ? pieces
            .sort((a, b) => Number(a[1]) - Number(b[1]))
            .map((m) => m[2])
            .join('')
        : (/filename="?([^";\r\n]+)"?/i.exec(unfolded)?.[1] ?? '');
      const contentType = /content-type:\s*([^;\r\n]+)/i.exec(unfolded)?.[1]?.trim() ?? '';
      const encoded = body.join('\n\n');
      const content = /content-transfer-encoding:\s*base64/i.test(unfolded)
        ? Buffer.from(encoded.replace(/\s+/g, ''), 'base64')
        : Buffer.from(encoded);
      return { fileName, contentType, content };
    });
}
