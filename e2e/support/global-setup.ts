import { existsSync } from 'node:fs';
import { CHROMIUM_PATH, WEB_DIST } from './portal.js';

/** The end-to-end run needs the built web client and Debian's Chromium; say how to get either. */
export default function setup() {
  if (!existsSync(`${WEB_DIST}/index.html`)) {
    throw new Error(`The web client is not built (${WEB_DIST}). Run \`npm run build\` first; \`npm test\` does.`);
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}. Install it with \`apt-get install -y chromium\` (.ci/run does).`);
  }
}
