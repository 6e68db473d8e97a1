/**
 * fontkit (pdfkit's font engine) ships no types; pdf-lib only needs its `create`, typed on its
 * side (`PDFDocument.registerFontkit`).
 */
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
