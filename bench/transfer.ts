// Bytes a browser transfers to load a page of a running server: Chromium's encoded data length of
// every request (headers and body, as sent on the wire), summed until the network is idle.
//   npm run bench:transfer -- --url http://127.0.0.1:3000/login
//   npm run bench:transfer -- --url http://127.0.0.1:3000/login --identity   (ask for no compression)
// Uses Debian's Chromium (/usr/bin/chromium; `node scripts/ensure-browser-tools.mjs` installs it) and a
// fresh profile, so nothing comes from a cache. See docs/performance.md.
import { parseArgs } from 'node:util';
import { launchBrowser } from '../e2e/support/browser.js';

const HELP = `Usage: npm run bench:transfer -- --url <page address> [--identity]

  --url <address>   the page to load, e.g. http://127.0.0.1:3000/login
  --identity        send Accept-Encoding: identity (what a server without compression transfers)
  --help            this text`;

async function main() {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, identity: { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help || !values.url) {
    console.log(HELP);
    process.exit(values.help ? 0 : 1);
  }
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    if (values.identity) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    const encodings = new Map<string, string>();
    const transferred = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) => {
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      encodings.set(event.requestId, String(headers['content-encoding'] ?? 'none'));
    });
    cdp.on('Network.loadingFinished', (event) => transferred.set(event.requestId, event.encodedDataLength));
    await page.goto(values.url, { waitUntil: 'networkidle' });
    const total = [...transferred.values()].reduce((sum, bytes) => sum + bytes, 0);
    const byEncoding = new Map<string, number>();
    for (const id of transferred.keys()) {
      const encoding = encodings.get(id) ?? 'none';
      byEncoding.set(encoding, (byEncoding.get(encoding) ?? 0) + 1);
    }
    console.log(
      `${values.url}${values.identity ? ' (identity)' : ''}: ${(total / 1024).toFixed(1)} KiB in ${transferred.size} requests ` +
        `(content-encoding: ${[...byEncoding].map(([e, n]) => `${e} ${n}`).join(', ')})`,
    );
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
