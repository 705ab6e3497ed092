// Fails early, with the fix, when the real-browser tests have no Chromium to drive.
import { existsSync } from 'node:fs';
const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    `No Chromium at ${path}. The real-browser tests need Debian's Chromium:\n  sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to another Chromium binary).`,
  );
  process.exit(1);
}
