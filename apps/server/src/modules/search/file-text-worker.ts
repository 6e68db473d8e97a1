// The file text worker thread (file-text-reader.ts starts it): reads one file's text at a time and
// answers with it, or with why it cannot be read. The built server runs it as dist/file-text-worker.js.
import { parentPort } from 'node:worker_threads';
import { extractText, messageOf, UnreadableFile } from './file-text-extractors.js';
import type { ReadAnswer, ReadRequest } from './file-text-reader.js';

const port = parentPort!;

port.on('message', async ({ format, bytes }: ReadRequest) => {
  let answer: ReadAnswer;
  try {
    answer = { status: 'extracted', ...(await extractText(format, bytes)) };
  } catch (error) {
    // Whatever a library throws while parsing the file's bytes is the file's problem.
    const reason = error instanceof UnreadableFile ? error.message : `cannot be read: ${messageOf(error)}`;
    answer = { status: 'unreadable', reason };
  }
  port.postMessage(answer);
});

port.postMessage('ready' satisfies ReadAnswer);
