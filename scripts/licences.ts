/**
 * Which licences may ship with Twinboard (AGPL-3.0-or-later), read from a package's SPDX
 * expression: the allow-list, and an SPDX expression reader (AND, OR, WITH, parentheses). A
 * package's licence is compatible when its expression is satisfiable by allowed licences: for
 * `A OR B` one side is enough, for `A AND B` both are needed; `X WITH exception` stands or falls
 * with X (the exceptions in use only grant more). Pure: no file system.
 */

/**
 * Licences that may be combined with or shipped beside AGPL-3.0-or-later code (the FSF's list of
 * GPLv3-compatible licences; the GPL family itself; MPL-2.0 through its "secondary licence" clause).
 */
export const ALLOWED_LICENCES: readonly string[] = [
  'MIT',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  '0BSD',
  'Unlicense',
  'CC0-1.0',
  'BlueOak-1.0.0',
  'GPL-3.0',
  'GPL-3.0-only',
  'GPL-3.0-or-later',
  'GPL-3.0+',
  'AGPL-3.0',
  'AGPL-3.0-only',
  'AGPL-3.0-or-later',
  'AGPL-3.0+',
  'LGPL-2.1',
  'LGPL-2.1-only',
  'LGPL-2.1-or-later',
  'LGPL-2.1+',
  'LGPL-3.0',
  'LGPL-3.0-only',
  'LGPL-3.0-or-later',
  'LGPL-3.0+',
  'MPL-2.0',
  'Python-2.0',
];

const allowed = new Set(ALLOWED_LICENCES.map((l) => l.toLowerCase()));

/** Why a licence was refused: none given, an expression that cannot be read, or not allowed. */
export type LicenceVerdict =
  { readonly ok: true } | { readonly ok: false; readonly reason: 'missing' | 'unreadable' | 'notAllowed' };

type Node =
  | { readonly kind: 'id'; readonly id: string }
  | { readonly kind: 'and' | 'or'; readonly left: Node; readonly right: Node };

/** Reads an SPDX expression into a tree; null when it is not one (a sentence, a file reference). */
export function parseSpdx(expression: string): Node | null {
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const peek = () => tokens[at]?.toUpperCase();
  // expression := and ("OR" and)* ; and := term ("AND" term)* ; term := "(" expression ")" | id ["WITH" id]
  const term = (): Node | null => {
    const token = tokens[at];
    if (token === undefined) return null;
    if (token === '(') {
      at += 1;
      const inner = or();
      if (!inner || tokens[at] !== ')') return null;
      at += 1;
      return inner;
    }
    if (token === ')' || ['AND', 'OR', 'WITH'].includes(token.toUpperCase())) return null;
    if (!/^[A-Za-z0-9.+-]+$/.test(token)) return null;
    at += 1;
    if (peek() === 'WITH') {
      at += 1;
      const exception = tokens[at];
      if (exception === undefined || !/^[A-Za-z0-9.+-]+$/.test(exception)) return null;
      at += 1;
    }
    return { kind: 'id', id: token };
  };
  const and = (): Node | null => {
    let left = term();
    while (left && peek() === 'AND') {
      at += 1;
      const right = term();
      left = right ? { kind: 'and', left, right } : null;
    }
    return left;
  };
  const or = (): Node | null => {
    let left = and();
    while (left && peek() === 'OR') {
      at += 1;
      const right = and();
      left = right ? { kind: 'or', left, right } : null;
    }
    return left;
  };
  const tree = or();
  return tree && at === tokens.length ? tree : null;
}

const satisfiable = (node: Node): boolean =>
  node.kind === 'id'
    ? allowed.has(node.id.toLowerCase())
    : node.kind === 'or'
      ? satisfiable(node.left) || satisfiable(node.right)
      : satisfiable(node.left) && satisfiable(node.right);

/** Whether a package under this SPDX expression may ship with Twinboard. */
export function checkLicence(expression: string | undefined): LicenceVerdict {
  const text = expression?.trim() ?? '';
  if (text === '' || /^(UNLICENSED|NONE|NOASSERTION)$/i.test(text)) return { ok: false, reason: 'missing' };
  const tree = parseSpdx(text);
  if (!tree) return { ok: false, reason: 'unreadable' };
  return satisfiable(tree) ? { ok: true } : { ok: false, reason: 'notAllowed' };
}

/**
 * The licence a package.json declares, as one SPDX expression: `license` (a string, or the old
 * `{ type }` object), else the old `licenses` array (alternatives, so joined with OR).
 */
export function declaredLicence(pkg: {
  readonly license?: unknown;
  readonly licenses?: unknown;
}): string | undefined {
  const typeOf = (value: unknown): string | undefined =>
    typeof value === 'string'
      ? value
      : value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string'
        ? (value as { type: string }).type
        : undefined;
  const license = typeOf(pkg.license);
  if (license) return license;
  if (Array.isArray(pkg.licenses)) {
    const types = pkg.licenses.map(typeOf).filter((t): t is string => Boolean(t));
    if (types.length === 1) return types[0];
    if (types.length > 1) return types.map((t) => `(${t})`).join(' OR ');
  }
  return undefined;
}
