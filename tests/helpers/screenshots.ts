/** Where real-browser tests keep screenshots of each layout for a person to look at (git-ignored). */
import { mkdirSync } from 'node:fs';

export const SHOTS = 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });
