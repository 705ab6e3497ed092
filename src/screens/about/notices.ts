/**
 * The third-party notices the build writes beside index.html (scripts/thirdPartyNotices.ts) and the
 * About screen reads: their shape, their file names, and a reader that checks what it is given.
 */

/** File names in the build, beside index.html. */
export const NOTICES_JSON = 'third-party-notices.json';
export const NOTICES_TEXT = 'third-party-notices.txt';
export const LICENCE_FILE = 'LICENSE.txt';

/** How a package reaches people: in the app's JavaScript, as files copied unchanged, on the server. */
export const SHIPPED_IN = ['files', 'app', 'server'] as const;
export type ShippedIn = (typeof SHIPPED_IN)[number];

export interface LicenseFile {
  readonly file: string;
  readonly text: string;
}

export interface PackageNotice {
  readonly name: string;
  readonly version: string;
  /** The SPDX expression the package declares. */
  readonly license: string;
  readonly author: string | null;
  /** The repository as a web address. */
  readonly repository: string | null;
  readonly homepage: string | null;
  /** This exact version on the npm registry. */
  readonly npm: string;
  /** The project the package is a build of, when it is one (Stockfish), and its source for this version. */
  readonly upstream: { readonly name: string; readonly version: string; readonly url: string } | null;
  /** Files first (shipped unchanged), then app, then server. */
  readonly shippedIn: readonly ShippedIn[];
  /** Files of the build copied from the package unchanged (the engine's script and WebAssembly). */
  readonly files: readonly string[];
  readonly licenseFiles: readonly LicenseFile[];
}

export interface Notices {
  readonly app: {
    readonly name: string;
    readonly version: string;
    readonly license: string;
    readonly repository: string | null;
    /** File names in the build, beside index.html. */
    readonly sourceArchive: string;
    readonly sourceArchiveBytes: number;
    readonly licenseFile: string;
    readonly licenseText: string;
  };
  /** Packages shipped as files first (Stockfish), then the app's, then the server's, each by name. */
  readonly packages: readonly PackageNotice[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isString = (v: unknown): v is string => typeof v === 'string';
const isStringOrNull = (v: unknown) => v === null || isString(v);
const own = (o: Record<string, unknown>, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;

function isPackageNotice(v: unknown): v is PackageNotice {
  if (!isObject(v)) return false;
  const upstream = own(v, 'upstream');
  const shippedIn = own(v, 'shippedIn');
  const files = own(v, 'files');
  const licenseFiles = own(v, 'licenseFiles');
  return (
    ['name', 'version', 'license', 'npm'].every((k) => isString(own(v, k))) &&
    ['author', 'repository', 'homepage'].every((k) => isStringOrNull(own(v, k))) &&
    (upstream === null ||
      (isObject(upstream) && ['name', 'version', 'url'].every((k) => isString(own(upstream, k))))) &&
    Array.isArray(shippedIn) &&
    shippedIn.length > 0 &&
    shippedIn.every((s) => (SHIPPED_IN as readonly unknown[]).includes(s)) &&
    Array.isArray(files) &&
    files.every(isString) &&
    Array.isArray(licenseFiles) &&
    licenseFiles.every((f) => isObject(f) && isString(own(f, 'file')) && isString(own(f, 'text')))
  );
}

/** The notices from the parsed JSON file, or null when it is not what the build writes. */
export function readNotices(json: unknown): Notices | null {
  if (!isObject(json)) return null;
  const app = own(json, 'app');
  const packages = own(json, 'packages');
  if (
    !isObject(app) ||
    !['name', 'version', 'license', 'sourceArchive', 'licenseFile', 'licenseText'].every((k) =>
      isString(own(app, k)),
    ) ||
    !isStringOrNull(own(app, 'repository')) ||
    typeof own(app, 'sourceArchiveBytes') !== 'number' ||
    !Array.isArray(packages) ||
    !packages.every(isPackageNotice)
  )
    return null;
  return json as unknown as Notices;
}
