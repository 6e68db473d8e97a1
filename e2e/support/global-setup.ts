import { execFileSync } from 'node:child_process';
import { ROOT } from './server.js';

/**
 * Once per run, builds what `npm start` runs and the journeys' servers start (the scripts skip what
 * is up to date): the production web app and the server's JavaScript.
 */
export default function setup() {
  for (const script of ['scripts/build-web.mjs', 'scripts/build-server.mjs']) {
    execFileSync(process.execPath, [script], { cwd: ROOT, stdio: 'inherit' });
  }
}
