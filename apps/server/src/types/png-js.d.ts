/**
 * png-js (pdfkit's PNG reader) ships no types: what core/pdf-image.ts reads of a PNG to lay its
 * transparency on white.
 */
declare module 'png-js' {
  export default class PNG {
    constructor(data: Uint8Array);
    width: number;
    height: number;
    /** Bits a sample: 1, 2, 4, 8 or 16. */
    bits: number;
    /** Colour samples a pixel, alpha not counted: 1 (grey or palette index) or 3. */
    colors: number;
    hasAlphaChannel: boolean;
    /** RGB triplets, empty without a palette. */
    palette: number[];
    transparency: { indexed?: number[]; grayscale?: number; rgb?: number[] };
    /** The pixels unfiltered, as stored (samples of `bits`), to `callback`. */
    decodePixels(callback: (pixels: Uint8Array) => void): void;
  }
}
