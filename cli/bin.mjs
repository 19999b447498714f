#!/usr/bin/env node
// `npx tape-lab …`: runs the TypeScript command line through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('./tape-lab.ts');
