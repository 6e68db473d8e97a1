// Makes sure the Debian packages the browser journeys use are installed (npm run test:e2e):
// Chromium, the browser they drive, and poppler-utils, whose pdftoppm turns the PDFs they
// download into pictures to look at (the record PDF layout test of the unit suite too), and qpdf,
// whose --check reads every PDF Qualis makes through (the archival PDF test of the unit suite).
// Quick and silent when they are there; installs what is missing with apt-get when run as root.
// `node scripts/ensure-browser-tools.mjs pdftoppm qpdf` sees to the named programs only.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const TOOLS = [
  { program: '/usr/bin/chromium', debianPackage: 'chromium' },
  { program: '/usr/bin/pdftoppm', debianPackage: 'poppler-utils' },
  { program: '/usr/bin/qpdf', debianPackage: 'qpdf' },
];

const named = process.argv.slice(2);
const missing = TOOLS.filter(
  (tool) => (named.length === 0 || named.includes(tool.program.split('/').pop())) && !existsSync(tool.program),
);
if (missing.length > 0) {
  const packages = missing.map((tool) => tool.debianPackage);
  if (process.getuid?.() !== 0) {
    console.error(
      `Missing for the tests: ${missing.map((tool) => tool.program).join(', ')}. Install them, then run the tests again:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`,
    );
    process.exit(1);
  }
  for (const args of [['update'], ['install', '-y', ...packages]]) {
    console.log(`$ apt-get ${args.join(' ')}`);
    execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  const still = missing.filter((tool) => !existsSync(tool.program));
  if (still.length > 0) {
    console.error(`apt-get finished but ${still.map((tool) => tool.program).join(', ')} is still missing.`);
    process.exit(1);
  }
  console.log(`Installed: ${packages.join(', ')}`);
}
