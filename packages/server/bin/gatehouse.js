#!/usr/bin/env node
// Thin launcher: the CLI is written in TypeScript and compiled to dist/ by `npm run build`.
import '../dist/cli.js';
