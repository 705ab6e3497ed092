// The types of eslint.config.js's exports, for the tests that read its list of floors (tests/layers/).
import type { Linter } from 'eslint';

/** Some folders (or files) of src/ on one floor. */
export interface Part {
  readonly part: string;
  /** Folders (or files) directly in src/. */
  readonly is: readonly string[];
  readonly says: string;
  /** Pure though its floor is not below the controllers. */
  readonly pure?: boolean;
  /** Paths under src/ (globs) of a pure part that wrap the platform. */
  readonly adapters?: readonly string[];
  /** Folders above whose types the part may import. */
  readonly types?: readonly string[];
}

/** The floors of src/, top to bottom. */
export const FLOORS: readonly (readonly Part[])[];
/** A file under src/ that may import one folder its floor may not. */
export const EXCEPTIONS: readonly { readonly file: string; readonly may: string }[];

declare const config: Linter.Config[];
export default config;
