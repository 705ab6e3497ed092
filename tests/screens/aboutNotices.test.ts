// The About screen reads the build's notices only when they have the shape the build writes
// (src/screens/about/notices.ts): anything else is refused, and the screen says it could not load them.
import { expect, test } from 'vitest';
import { readNotices } from '../../src/screens/about/notices.ts';

const pkg = {
  name: 'stockfish',
  version: '18.0.8',
  license: 'GPL-3.0',
  author: null,
  repository: 'https://github.com/nmrugg/stockfish.js',
  homepage: null,
  npm: 'https://www.npmjs.com/package/stockfish/v/18.0.8',
  upstream: {
    name: 'Stockfish',
    version: '18',
    url: 'https://github.com/official-stockfish/Stockfish/tree/sf_18',
  },
  shippedIn: ['files'],
  files: ['assets/stockfish.js'],
  licenseFiles: [{ file: 'Copying.txt', text: 'GNU GENERAL PUBLIC LICENSE' }],
};
const notices = {
  app: {
    name: 'twinboard',
    version: '0.1.0',
    license: 'AGPL-3.0-or-later',
    repository: null,
    sourceArchive: 'twinboard-0.1.0-source.tar.gz',
    sourceArchiveBytes: 1000,
    licenseFile: 'LICENSE.txt',
    licenseText: 'GNU AFFERO GENERAL PUBLIC LICENSE',
  },
  packages: [pkg],
};

test('the notices as the build writes them are read as they are', () => {
  expect(readNotices(JSON.parse(JSON.stringify(notices)))).toEqual(notices);
});

test.each([
  ['not an object', 'third-party notices'],
  ['a package without a licence', { ...notices, packages: [{ ...pkg, license: undefined }] }],
  ['a package shipped nowhere', { ...notices, packages: [{ ...pkg, shippedIn: [] }] }],
  ['a package shipped somewhere unknown', { ...notices, packages: [{ ...pkg, shippedIn: ['cdn'] }] }],
  [
    'a licence file without text',
    { ...notices, packages: [{ ...pkg, licenseFiles: [{ file: 'LICENSE' }] }] },
  ],
  ['no source archive', { ...notices, app: { ...notices.app, sourceArchive: undefined } }],
])('%s is refused', (_what, json) => {
  expect(readNotices(JSON.parse(JSON.stringify(json ?? null)) as unknown)).toBeNull();
});
