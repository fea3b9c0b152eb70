// The project runs on the Node that its own dependencies install (node-linux-*, pinned in
// package.json): npm scripts put node_modules/.bin first on PATH. This stops anything started on
// another Node with one line that says how to fix it. Plain JavaScript, so that an old Node can
// run it too. Imported by the server's entry, and run by the npm scripts' pre-hooks.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const pinned = engines.node;
if (process.versions.node !== pinned) {
  process.stderr.write(
    `Node ${process.versions.node} is running, but this project runs on Node ${pinned}: run \`npm ci\` (it installs Node ${pinned} into node_modules), then start things through npm (\`npm start\`, \`npm test\`, \`npm exec -- node …\`).\n`,
  );
  process.exit(1);
}
