/**
 * fontkit (pdfkit's font engine) ships no types; pdf-lib only needs its `create`, typed on its
 * side (`PDFDocument.registerFontkit`), and pdfkit takes what `create` answers as a font source.
 */
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): object;
}
