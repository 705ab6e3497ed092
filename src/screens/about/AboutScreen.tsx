/**
 * The About screen (issue 26), reached from the header on every screen: Twinboard's name, version
 * and licence (AGPL-3.0-or-later) in plain words, the source of this version as this server serves
 * it, and the third-party notices the build made (scripts/thirdPartyNotices.ts): every package
 * shipped, with version, licence, source and its licence text behind a disclosure. The heading
 * takes the focus when it opens; Escape, its Back button or the browser's Back close it
 * (useAboutScreen.ts returns the focus).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { license, version } from '../../../package.json';
import type { Locale, Params } from '../../i18n/index.ts';
import { tAbout, type AboutMessageKey } from './messages.ts';
import {
  LICENCE_FILE,
  NOTICES_JSON,
  NOTICES_TEXT,
  SHIPPED_IN,
  readNotices,
  type Notices,
  type PackageNotice,
} from './notices.ts';
import './about.css';

export interface AboutScreenProps {
  readonly locale: Locale;
  readonly onClose: () => void;
}

type Loaded =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly reason: string }
  | { readonly kind: 'loaded'; readonly notices: Notices };

/** A file beside index.html. */
const besideApp = (file: string) => `${import.meta.env.BASE_URL}${file}`;

/** A file's size in megabytes, as the reader writes numbers ("1.2 MB", "1,2 MB"). */
const megabytes = (bytes: number, locale: Locale) =>
  `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1_000_000)} MB`;

/** The About screen. */
export function AboutScreen({ locale, onClose }: AboutScreenProps) {
  const t = (key: AboutMessageKey, params?: Params) => tAbout(locale, key, params);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    // Revalidated: the file keeps its name from one version to the next.
    fetch(besideApp(NOTICES_JSON), { cache: 'no-cache' })
      .then((response) =>
        response.ok
          ? (response.json() as Promise<unknown>)
          : Promise.reject(new Error(`HTTP ${response.status}`)),
      )
      .then((json) => {
        const notices = readNotices(json);
        if (current)
          setLoaded(notices ? { kind: 'loaded', notices } : { kind: 'failed', reason: NOTICES_JSON });
      })
      .catch((error: unknown) => {
        if (current)
          setLoaded({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      current = false;
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The screen under this one stays mounted: its keys (the talk key, say) are not for here.
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  const notices = loaded.kind === 'loaded' ? loaded.notices : null;
  return (
    <div className="about" onKeyDown={onKeyDown}>
      <h2 ref={heading} tabIndex={-1}>
        {t('heading')}
      </h2>
      <p>{t('intro', { version })}</p>
      <p>
        <button type="button" onClick={onClose}>
          {t('back')}
        </button>{' '}
        {t('backHint')}
      </p>

      <h3>{t('freeHeading')}</h3>
      <p>
        {t('free', { license })} {t('freeLicenceName')}
      </p>
      <p>
        {t('freeMeans')} {t('freeObliges')} {t('freeWarranty')}
      </p>
      {notices ? (
        <details>
          <summary>{t('licenceText')}</summary>
          <pre className="licence-text" lang="en">
            {notices.app.licenseText}
          </pre>
        </details>
      ) : null}

      {loaded.kind === 'loading' ? <p>{t('loading')}</p> : null}
      {loaded.kind === 'failed' ? <p>{t('failed', { reason: loaded.reason })}</p> : null}

      {notices ? (
        <>
          <h3>{t('sourceHeading')}</h3>
          <p>{t('sourceIntro', { version: notices.app.version })}</p>
          <ul>
            <li>
              <a href={besideApp(notices.app.sourceArchive)} download>
                {t('sourceArchive', {
                  version: notices.app.version,
                  size: megabytes(notices.app.sourceArchiveBytes, locale),
                })}
              </a>
            </li>
            {notices.app.repository ? (
              <li>
                <a href={notices.app.repository}>{t('sourceRepository')}</a>
              </li>
            ) : null}
            <li>
              <a href={besideApp(notices.app.licenseFile || LICENCE_FILE)}>{t('licenceFile')}</a>
            </li>
          </ul>

          <h3>{t('othersHeading')}</h3>
          <p>
            {t('othersIntro')} <a href={besideApp(NOTICES_TEXT)}>{t('othersText')}</a>
          </p>
          {SHIPPED_IN.map((group) => {
            // A package is listed once, where it reaches people first (chess.js: the app, and the server).
            const packages = notices.packages.filter((p) => p.shippedIn[0] === group);
            return packages.length === 0 ? null : (
              <section key={group}>
                <h4>{t(`group.${group}`, { count: packages.length })}</h4>
                <p>{t(`groupIntro.${group}`)}</p>
                <ul className="packages">
                  {packages.map((p) => (
                    <PackageItem key={`${p.name}@${p.version}`} notice={p} t={t} />
                  ))}
                </ul>
              </section>
            );
          })}
        </>
      ) : null}
    </div>
  );
}

/** One package: name and version, licence, author, where its source is, its licence texts. */
function PackageItem({
  notice: p,
  t,
}: {
  notice: PackageNotice;
  t: (key: AboutMessageKey, params?: Params) => string;
}) {
  const upstream = p.upstream ? { upstream: p.upstream.name, upstreamVersion: p.upstream.version } : null;
  return (
    <li>
      <p>
        <strong>{t('packageName', { name: p.name, version: p.version })}</strong>
        {upstream ? ` ${t('builtFrom', upstream)}` : null}
      </p>
      <p>
        {t('licence', { license: p.license })}
        {p.author ? `. ${t('author', { author: p.author })}` : null}
      </p>
      {p.files.length > 0 ? <p>{t('files', { files: p.files.join(', ') })}</p> : null}
      <p className="package-links">
        {p.upstream && upstream ? <a href={p.upstream.url}>{t('upstreamSource', upstream)}</a> : null}
        <a href={p.npm}>{t('npmSource', { name: p.name, version: p.version })}</a>
        {p.repository ? <a href={p.repository}>{t('repository', { name: p.name })}</a> : null}
      </p>
      {p.licenseFiles.length > 0 ? (
        p.licenseFiles.map((f) => (
          <details key={f.file}>
            <summary>{t('licenceOf', { name: p.name, file: f.file })}</summary>
            <pre className="licence-text" lang="en">
              {f.text}
            </pre>
          </details>
        ))
      ) : (
        <p>{t('noLicenceFile', { license: p.license })}</p>
      )}
    </li>
  );
}
