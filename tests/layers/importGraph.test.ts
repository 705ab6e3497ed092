// The import graph of the real files of src/ (issue 27): no import runs up a floor or sideways (the
// floors of eslint.config.js; dynamic imports too, which lint does not see, and type imports) and no
// circle of imports, type imports included. Read with the TypeScript parser.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { EXCEPTIONS, SRC, exceptionFor, filesUnder, mayImport, partOf, topOf } from './floors.ts';

interface Edge {
  readonly from: string;
  readonly to: string;
  readonly typeOnly: boolean;
}

const allTypes = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) =>
  elements.length > 0 && elements.every((e) => e.isTypeOnly);

/** The imports of one file: static, re-exports, dynamic `import()` and `import('…')` types. */
function importsOf(file: string): { specifier: string; typeOnly: boolean }[] {
  const text = fs.readFileSync(path.join(SRC, file), 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name && named !== undefined && ts.isNamedImports(named) && allTypes(named.elements)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && allTypes(clause.elements));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every import between files of src/ (relative specifiers; a `?url`-style query dropped). */
function importGraph(): Edge[] {
  const edges: Edge[] = [];
  for (const from of filesUnder().filter((f) => /\.tsx?$/.test(f)))
    for (const { specifier, typeOnly } of importsOf(from)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(path.join(SRC, from)), specifier.replace(/\?.*$/, ''));
      const to = path.relative(SRC, target).split(path.sep).join('/');
      if (to.startsWith('..')) continue;
      edges.push({ from, to, typeOnly });
    }
  return edges;
}

const GRAPH = importGraph();

/** The files that import each other round a circle (strongly connected components, Tarjan). */
function circles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) connect(v);
  return found;
}

describe('the import graph of src/', () => {
  test('is read from the real files (every folder imports or is imported)', () => {
    expect(GRAPH.length).toBeGreaterThan(1000);
    const touched = new Set(GRAPH.flatMap((e) => [topOf(e.from), topOf(e.to)]));
    for (const name of fs.readdirSync(SRC)) expect(touched, name).toContain(name);
  });

  test('has no import running up a floor or sideways', () => {
    const upwards = GRAPH.filter((e) => {
      const from = topOf(e.from);
      const to = topOf(e.to);
      if (mayImport(from, to)) return false;
      if (e.typeOnly && (partOf(from).types ?? []).includes(to)) return false;
      return exceptionFor(e.from, to) === undefined;
    }).map((e) => `${e.from} → ${e.to}${e.typeOnly ? ' (types)' : ''}`);
    expect(upwards).toEqual([]);
  });

  test('uses every named exception (delete one that is no longer needed)', () => {
    for (const { file, may } of EXCEPTIONS)
      expect(
        GRAPH.some((e) => e.from === file && topOf(e.to) === may),
        `${file} → ${may}`,
      ).toBe(true);
  });

  test('has no import circles, not even of types', () => {
    expect(circles(GRAPH)).toEqual([]);
  });

  test('finds circles where there are some', () => {
    const edges = [
      { from: 'a', to: 'b', typeOnly: false },
      { from: 'b', to: 'c', typeOnly: true },
      { from: 'c', to: 'a', typeOnly: false },
      { from: 'c', to: 'd', typeOnly: false },
    ];
    expect(circles(edges)).toEqual([['a', 'b', 'c']]);
  });
});
