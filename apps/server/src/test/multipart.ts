/** A multipart/form-data body with one file, for `app.inject`. */
export function multipartFile(fileName: string, bytes: Buffer, field = 'file') {
  const boundary = `----qualis${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A multipart body with its file name given in UTF-16 (RFC 5987 `filename*`) after half a
 * surrogate pair: the parser decodes it as it is, so the name reaches the server ill-formed.
 */
export function withLoneSurrogateName(payload: Buffer, fileName: string): Buffer {
  const utf16 = [...Buffer.from(`\ud800${fileName}`, 'utf16le')].map(
    (byte) => `%${byte.toString(16).padStart(2, '0')}`,
  );
  const parameter = `filename*=utf-16le''${utf16.join('')}`;
  return Buffer.from(payload.toString('latin1').replace(/filename="[^"]*"/, parameter), 'latin1');
}
