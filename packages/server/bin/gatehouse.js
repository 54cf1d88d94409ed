#!/usr/bin/env node
// Thin launcher: the CLI is written in TypeScript and compiled to dist/ by `npm run build`.
// The Node.js version is checked first, before any native module (built for one Node) is loaded.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 13)) {
  process.stderr.write(
    `gatehouse needs Node.js 22.13 or later; this is ${process.version}.\n` +
      'In the repository, the set-up keeps Node 22 in .tools/node22: run `. scripts/env.sh` to put it first on PATH.\n',
  );
  process.exit(1);
}
await import('../dist/cli.js');
