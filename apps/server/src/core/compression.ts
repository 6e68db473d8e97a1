import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text worth compressing: JSON, CSV and other text, JavaScript, XML and SVG. Not event streams
 * (compression would hold their events back), not images, archives or other binary files, which
 * are compressed already or gain nothing.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|^application\/(?:json|javascript|xml)(?:;|$)|\+(?:json|xml)(?:;|$)/;

/**
 * Compresses responses of 1 KiB or more with brotli or gzip, as the client accepts. The web app's
 * built files carry their own .br/.gz made at build time (scripts/build-web.mjs); a response that
 * already has a Content-Encoding is left alone. Streams (CSV exports) are compressed as they flow.
 * Request bodies are not decompressed: the API takes plain JSON and multipart uploads.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Compressed inline up to 64 KiB (a list page: 5-36 kB; brotli takes 0.1-0.3 ms for 10 kB).
    // The plugin's default on 2 cores is 8 KiB, and above it an answer goes through a zlib stream
    // on the thread pool and is written in chunks: the Users list of 10 kB took 3-6 ms longer
    // at p50 on a loaded machine that way (docs/performance.md, issue 26).
    syncThreshold: 64 * 1024,
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
  });
}
