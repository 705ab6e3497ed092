/**
 * Every word of the About screen (the licence, the source offer, the third-party notices), in
 * English and German. Package names, versions, licence identifiers and licence texts come from the
 * notices the build makes, untranslated.
 */
import { makeTranslator } from '../../i18n/index.ts';

const en = {
  heading: 'About Twinboard',
  intro:
    'Twinboard {version}: chess between a blind player and a sighted opponent under the FIDE/IBCA rules.',
  back: 'Back',
  backHint: 'Escape also returns to where you were.',
  freeHeading: 'Free software',
  free: 'Twinboard is free software: {license}.',
  freeLicenceName: 'That is the GNU Affero General Public License, version 3 or any later version.',
  freeMeans:
    'You may use Twinboard for any purpose, read and study its source code, change it, and pass copies on to others, changed or not, free of charge or for a fee.',
  freeObliges:
    'Whoever passes it on, or lets people use a changed copy over a network, must offer them the source code of that copy under the same licence.',
  freeWarranty: 'Twinboard comes with no warranty.',
  licenceText: 'Full text of the licence (GNU AGPL, version 3)',
  sourceHeading: 'Source code',
  sourceIntro: 'The source code of exactly this version, {version}, as this server runs it:',
  sourceArchive: 'Download the source code of Twinboard {version} (.tar.gz, {size})',
  sourceRepository: 'Twinboard’s repository',
  licenceFile: 'The licence as a text file',
  othersHeading: 'Software by others',
  othersIntro:
    'Twinboard passes on software by others, each under its own licence. Every package is listed with its version, licence and source.',
  othersText: 'All notices as one text file',
  loading: 'Loading the list of packages…',
  failed:
    'The list of packages could not be loaded ({reason}). Without a connection it can be read once Twinboard has been opened online.',
  'group.files': 'Programs passed on unchanged',
  'group.app': 'In the app ({count, plural, one {# package} other {# packages}})',
  'group.server': 'On the server ({count, plural, one {# package} other {# packages}})',
  'groupIntro.files':
    'Practice games and reviews use this chess engine. It runs as a separate program in your browser; Twinboard talks to it over the UCI protocol and passes on its files unchanged:',
  'groupIntro.app': 'Their code is part of the app your browser loads.',
  'groupIntro.server': 'The Twinboard server runs with these packages; they are not sent to your browser.',
  packageName: '{name} {version}',
  licence: 'Licence: {license}',
  author: 'Author: {author}',
  builtFrom: 'Built from {upstream} {upstreamVersion}.',
  upstreamSource: '{upstream} {upstreamVersion} source code',
  npmSource: '{name} {version} on npm',
  repository: '{name} repository',
  licenceOf: 'Licence of {name} ({file})',
  noLicenceFile: 'The package has no licence file; it declares {license}.',
  files: 'Files: {files}',
};

const de: Record<keyof typeof en, string> = {
  heading: 'Über Twinboard',
  intro:
    'Twinboard {version}: Schach zwischen einem blinden Spieler und einem sehenden Gegner nach den Regeln von FIDE und IBCA.',
  back: 'Zurück',
  backHint: 'Auch Escape führt dorthin zurück, wo Sie waren.',
  freeHeading: 'Freie Software',
  free: 'Twinboard ist freie Software: {license}.',
  freeLicenceName: 'Das ist die GNU Affero General Public License, Version 3 oder jede spätere Version.',
  freeMeans:
    'Sie dürfen Twinboard für jeden Zweck nutzen, seinen Quellcode lesen und untersuchen, ihn ändern und Kopien an andere weitergeben, geändert oder nicht, kostenlos oder gegen Gebühr.',
  freeObliges:
    'Wer es weitergibt oder eine geänderte Kopie anderen über ein Netzwerk zur Nutzung anbietet, muss ihnen den Quellcode dieser Kopie unter derselben Lizenz anbieten.',
  freeWarranty: 'Twinboard wird ohne jede Gewährleistung bereitgestellt.',
  licenceText: 'Volltext der Lizenz (GNU AGPL, Version 3, englisch)',
  sourceHeading: 'Quellcode',
  sourceIntro: 'Der Quellcode genau dieser Version, {version}, wie dieser Server sie ausführt:',
  sourceArchive: 'Quellcode von Twinboard {version} herunterladen (.tar.gz, {size})',
  sourceRepository: 'Das Repository von Twinboard',
  licenceFile: 'Die Lizenz als Textdatei',
  othersHeading: 'Software von anderen',
  othersIntro:
    'Twinboard gibt Software von anderen weiter, jede unter ihrer eigenen Lizenz. Jedes Paket steht hier mit Version, Lizenz und Quelle.',
  othersText: 'Alle Hinweise als eine Textdatei',
  loading: 'Die Liste der Pakete wird geladen …',
  failed:
    'Die Liste der Pakete konnte nicht geladen werden ({reason}). Ohne Verbindung ist sie lesbar, sobald Twinboard einmal online geöffnet wurde.',
  'group.files': 'Unverändert weitergegebene Programme',
  'group.app': 'In der App ({count, plural, one {# Paket} other {# Pakete}})',
  'group.server': 'Auf dem Server ({count, plural, one {# Paket} other {# Pakete}})',
  'groupIntro.files':
    'Übungspartien und Analysen verwenden dieses Schachprogramm. Es läuft als eigenes Programm in Ihrem Browser; Twinboard spricht mit ihm über das UCI-Protokoll und gibt seine Dateien unverändert weiter:',
  'groupIntro.app': 'Ihr Code ist Teil der App, die Ihr Browser lädt.',
  'groupIntro.server':
    'Der Twinboard-Server läuft mit diesen Paketen; sie werden nicht an Ihren Browser gesendet.',
  packageName: '{name} {version}',
  licence: 'Lizenz: {license}',
  author: 'Autor: {author}',
  builtFrom: 'Erstellt aus {upstream} {upstreamVersion}.',
  upstreamSource: 'Quellcode von {upstream} {upstreamVersion}',
  npmSource: '{name} {version} bei npm',
  repository: 'Repository von {name}',
  licenceOf: 'Lizenz von {name} ({file})',
  noLicenceFile: 'Das Paket enthält keine Lizenzdatei; es gibt {license} an.',
  files: 'Dateien: {files}',
};

/** Translator for the About screen. */
export const tAbout = makeTranslator({ en, de });
export type AboutMessageKey = keyof typeof en;
