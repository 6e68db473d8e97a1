// Makes sure Debian's Chromium is installed for the browser journeys (npm run test:e2e).
// Quick and silent when it is there; installs it with apt-get when run as root.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing (${CHROMIUM}). Install it, then run the journeys again:\n` +
        '  sudo apt-get update && sudo apt-get install -y chromium',
    );
    process.exit(1);
  }
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    console.log(`$ apt-get ${args.join(' ')}`);
    execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
    process.exit(1);
  }
  console.log(`Chromium installed: ${CHROMIUM}`);
}
