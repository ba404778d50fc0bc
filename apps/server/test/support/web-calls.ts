import { relative, resolve } from 'node:path';
import {
  type CallExpression,
  type Expression,
  type Identifier,
  type NewExpression,
  type Node,
  type SourceFile,
  SyntaxKind,
} from 'typescript/unstable/ast';
import {
  isArrowFunction,
  isAsExpression,
  isBinaryExpression,
  isCallExpression,
  isConditionalExpression,
  isExportSpecifier,
  isFunctionDeclaration,
  isFunctionExpression,
  isIdentifier,
  isImportSpecifier,
  isMethodDeclaration,
  isNewExpression,
  isNoSubstitutionTemplateLiteral,
  isObjectLiteralExpression,
  isParenthesizedExpression,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isStringLiteral,
  isTemplateExpression,
  isVariableDeclaration,
} from 'typescript/unstable/ast/is';
import {
  API,
  type Checker,
  type Project,
  type Symbol as TsSymbol,
  type Type,
  TypeFlags,
} from 'typescript/unstable/sync';

/**
 * Every HTTP call a TypeScript web client can make, read from its source with the
 * TypeScript 7 compiler API (the checker resolves constants, imports and literal types).
 *
 * Collected:
 * - `api.get/post/put/del/blob(path, ...)` on the client module's `api` object; the client
 *   puts `apiBase` in front of `path`;
 * - `fetch(url, { method })` calls (global `fetch`, `window.fetch`, `globalThis.fetch`).
 *
 * A path is resolved to a pattern: string literals, templates, `+`, `a ? b : c`, and any
 * expression whose type is a string literal or a union of them (a `const`, a literal-typed
 * property) give their text; a template substitution of type string or number that fills a
 * whole path segment becomes the parameter segment `{}`. Anything else is an unresolved site,
 * and so are the uses this collector cannot follow: `api` used other than as `api.<method>(`,
 * `fetch` referenced without a call, `XMLHttpRequest`/`EventSource`/`WebSocket`/`sendBeacon`,
 * `new` of a class from an HTTP library (tus-js-client), the client's API base used outside a
 * collected call, and string literals that start with the API base outside a collected call.
 * Callers decide what each unresolved site reaches; nothing is dropped silently.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

/** The parameter segment of a pattern: the web fills it at run time. */
export const PARAM = '{}';

export interface WebCall {
  method: HttpMethod;
  /** Absolute path pattern without the query, e.g. `/v1/jobs/{}/cancel`. */
  path: string;
  /** `file:line function` of the call. */
  site: string;
}

export interface UnresolvedSite {
  /** Stable name: `<file relative to the source root> <enclosing function>: <what>`. */
  key: string;
  /** `file:line`, for the failure message. */
  at: string;
  why: string;
}

export interface CollectOptions {
  /** The web project's tsconfig.json. */
  tsconfig: string;
  /** Only files under this folder are read (tests, `*.test.*`, are always left out). */
  sourceRoot: string;
  /** The module that exports `api` and the API base constant. */
  clientModule: string;
  /** Name of the exported API base constant (`API_BASE`) and its value (`/v1`). */
  apiBaseName: string;
  apiBase: string;
}

export interface Collected {
  calls: WebCall[];
  unresolved: UnresolvedSite[];
  /** Source files read, relative to the source root. */
  files: string[];
}

const API_METHODS: Record<string, HttpMethod> = { get: 'GET', post: 'POST', put: 'PUT', del: 'DELETE', blob: 'GET' };
const HTTP_METHODS = new Set<string>(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']);
const OTHER_TRANSPORTS = new Set(['XMLHttpRequest', 'EventSource', 'WebSocket']);
/** Packages whose classes talk HTTP themselves; a `new` of one is a site to account for. */
const HTTP_LIBRARIES = ['/node_modules/tus-js-client/'];

class Unresolvable extends Error {}

/** One resolved piece of a path: literal text, or a parameter segment. */
type Piece = { text: string } | { param: true };

function* walk(node: Node): Generator<Node> {
  yield node;
  const children: Node[] = [];
  node.forEachChild((child) => {
    children.push(child);
  });
  for (const child of children) yield* walk(child);
}

function lineOf(file: SourceFile, pos: number): number {
  const starts = file.getLineStarts();
  let line = 0;
  while (line + 1 < starts.length && (starts[line + 1] ?? Infinity) <= pos) line++;
  return line + 1;
}

/** The nearest named function around a node: a declaration, a method, or a named arrow/function value. */
function enclosingFunction(node: Node): string {
  for (let current: Node | undefined = node.parent; current; current = current.parent) {
    if (isFunctionDeclaration(current) && current.name) return current.name.text;
    if (isMethodDeclaration(current) && isIdentifier(current.name)) return current.name.text;
    const isFunctionValue = (value: Node | undefined) =>
      !!value && (isArrowFunction(value) || isFunctionExpression(value)) && containsNode(value, node);
    if (isVariableDeclaration(current) && isIdentifier(current.name) && isFunctionValue(current.initializer)) {
      return current.name.text;
    }
    if (isPropertyAssignment(current) && isIdentifier(current.name) && isFunctionValue(current.initializer)) {
      return current.name.text;
    }
  }
  return '(module)';
}

function containsNode(outer: Node, inner: Node): boolean {
  return inner.pos >= outer.pos && inner.end <= outer.end;
}

function literalValues(type: Type | undefined): string[] | undefined {
  if (!type) return undefined;
  if (type.flags & (TypeFlags.StringLiteral | TypeFlags.NumberLiteral)) {
    return [String((type as unknown as { value: string | number }).value)];
  }
  if (type.flags & TypeFlags.Union) {
    const out: string[] = [];
    for (const member of (type as unknown as { getTypes(): readonly Type[] }).getTypes()) {
      const values = literalValues(member);
      if (!values) return undefined;
      out.push(...values);
    }
    return out;
  }
  return undefined;
}

/** Types a path parameter may have: string, number, or literals of them mixed with those. */
function isParamType(type: Type | undefined): boolean {
  if (!type) return false;
  if (type.flags & TypeFlags.Union) {
    return (type as unknown as { getTypes(): readonly Type[] }).getTypes().every((member) => isParamType(member));
  }
  return !!(
    type.flags &
    (TypeFlags.String |
      TypeFlags.Number |
      TypeFlags.StringLiteral |
      TypeFlags.NumberLiteral |
      TypeFlags.TemplateLiteral)
  );
}

function product(left: Piece[][], right: Piece[][]): Piece[][] {
  return left.flatMap((a) => right.map((b) => [...a, ...b]));
}

/** Joins pieces into a pattern; a parameter must fill a whole segment. */
function toPattern(pieces: Piece[]): string {
  let out = '';
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if ('text' in piece) {
      out += piece.text;
      continue;
    }
    const next = pieces.slice(i + 1).find((p) => 'text' in p && p.text !== '') as { text: string } | undefined;
    const nextIsParam = pieces[i + 1] !== undefined && 'param' in pieces[i + 1]!;
    if (!out.endsWith('/') || nextIsParam || (next && !/^[/?#]/.test(next.text))) {
      throw new Unresolvable('a run-time value that is not a whole path segment');
    }
    out += PARAM;
  }
  return out.split(/[?#]/)[0]!;
}

export function collectWebCalls(options: CollectOptions): Collected {
  const tsconfig = resolve(options.tsconfig);
  const sourceRoot = resolve(options.sourceRoot);
  const clientModule = resolve(options.clientModule);
  const tsApi = new API({ cwd: sourceRoot });
  try {
    const snapshot = tsApi.updateSnapshot({ openProjects: [tsconfig] });
    const project = snapshot.getProject(tsconfig);
    if (!project) throw new Error(`TypeScript did not open ${tsconfig}`);
    return new Collector(project, { ...options, sourceRoot, clientModule }).run();
  } finally {
    tsApi.close();
  }
}

class Collector {
  private readonly checker: Checker;
  private readonly calls: WebCall[] = [];
  private readonly unresolved: UnresolvedSite[] = [];
  /** Text ranges of URL arguments of collected calls (file → [pos, end][]). */
  private readonly covered = new Map<string, [number, number][]>();
  private apiSymbolId: number | undefined;
  private baseSymbolId: number | undefined;

  constructor(
    private readonly project: Project,
    private readonly options: CollectOptions,
  ) {
    this.checker = project.checker;
  }

  run(): Collected {
    const names = this.project.program
      .getSourceFileNames()
      .filter((name) => name.startsWith(`${this.options.sourceRoot}/`) && !/\.test\.tsx?$/.test(name))
      .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      .sort();
    const client = this.project.program.getSourceFile(this.options.clientModule);
    if (!client) throw new Error(`${this.options.clientModule} is not part of ${this.options.tsconfig}`);
    this.apiSymbolId = this.exportedSymbolId(client, 'api');
    this.baseSymbolId = this.exportedSymbolId(client, this.options.apiBaseName);

    const files = names.map((name) => this.project.program.getSourceFile(name)).filter((f) => f !== undefined);
    for (const file of files) this.collectCalls(file);
    for (const file of files) this.checkStrayReferences(file);
    return {
      calls: this.calls,
      unresolved: this.unresolved,
      files: names.map((name) => relative(this.options.sourceRoot, name)),
    };
  }

  private exportedSymbolId(file: SourceFile, name: string): number {
    for (const node of walk(file)) {
      if (isVariableDeclaration(node) && isIdentifier(node.name) && node.name.text === name) {
        const symbol = this.checker.getSymbolAtLocation(node.name);
        if (symbol) return symbol.id;
      }
    }
    throw new Error(`${file.fileName} declares no ${name}`);
  }

  private targetId(node: Node): number | undefined {
    const symbol = this.checker.getSymbolAtLocation(node);
    if (!symbol) return undefined;
    return this.resolveAlias(symbol).id;
  }

  private resolveAlias(symbol: TsSymbol): TsSymbol {
    // SymbolFlags.Alias: an import binding; follow it to the declaration.
    return symbol.flags & 2097152 ? this.checker.getAliasedSymbol(symbol) : symbol;
  }

  private site(file: SourceFile, node: Node): { where: string; fn: string; at: string } {
    const where = relative(this.options.sourceRoot, file.fileName);
    const line = lineOf(file, node.getStart(file));
    return { where, fn: enclosingFunction(node), at: `${where}:${line}` };
  }

  private fail(file: SourceFile, node: Node, what: string, why: string): void {
    const { where, fn, at } = this.site(file, node);
    this.unresolved.push({ key: `${where} ${fn}: ${what}`, at, why });
  }

  private cover(file: SourceFile, node: Node): void {
    const ranges = this.covered.get(file.fileName) ?? [];
    ranges.push([node.pos, node.end]);
    this.covered.set(file.fileName, ranges);
  }

  private isCovered(file: SourceFile, node: Node): boolean {
    return (this.covered.get(file.fileName) ?? []).some(([pos, end]) => node.pos >= pos && node.end <= end);
  }

  private add(file: SourceFile, node: Node, method: HttpMethod, paths: string[]): void {
    const { fn, at } = this.site(file, node);
    for (const path of paths) this.calls.push({ method, path, site: `${at} ${fn}` });
  }

  private collectCalls(file: SourceFile): void {
    for (const node of walk(file)) {
      if (isCallExpression(node)) this.onCall(file, node);
      else if (isNewExpression(node)) this.onNew(file, node);
    }
  }

  private onCall(file: SourceFile, call: CallExpression): void {
    const callee = call.expression;
    const text = callee.getText(file);
    // api.<method>(path, ...)
    if (isPropertyAccessExpression(callee) && this.isApiReference(callee.expression)) {
      const method = API_METHODS[callee.name.getText(file)];
      const arg = call.arguments[0];
      if (!method) {
        this.fail(file, call, `${text}(...)`, `unknown API client method ${text}`);
        return;
      }
      if (!arg) {
        this.fail(file, call, `${text}()`, 'a call without a path');
        return;
      }
      // Covered either way: the call is accounted for here, resolved or reported.
      this.cover(file, arg);
      try {
        // api/client.ts buildUrl: a path under /api/ is sent as it is (the spec's POST /api/parse-conda).
        const paths = this.resolvePath(file, arg).map((p) =>
          p.startsWith('/api/') ? p : this.options.apiBase + (p.startsWith('/') ? p : `/${p}`),
        );
        this.add(file, call, method, paths);
      } catch (error) {
        this.fail(file, call, `${text}(${arg.getText(file)})`, (error as Error).message);
      }
      return;
    }
    // fetch(url, init)
    if (this.isFetch(file, callee)) {
      const [urlArg, init] = call.arguments;
      if (!urlArg) {
        this.fail(file, call, `${text}()`, 'fetch without an address');
        return;
      }
      const what = `${text}(${urlArg.getText(file)})`;
      this.cover(file, urlArg);
      try {
        const methods = this.fetchMethods(file, init);
        const urls = this.resolvePath(file, urlArg);
        const base = this.options.apiBase;
        const outside = urls.filter((u) => u !== base && !u.startsWith(`${base}/`));
        if (outside.length > 0) {
          this.fail(file, call, what, `an address outside ${base}: ${outside.join(', ')}`);
          return;
        }
        for (const method of methods) this.add(file, call, method, urls);
      } catch (error) {
        this.fail(file, call, what, (error as Error).message);
      }
      return;
    }
    if (isPropertyAccessExpression(callee) && callee.name.getText(file) === 'sendBeacon') {
      this.fail(file, call, `${text}(...)`, 'navigator.sendBeacon is not followed');
    }
  }

  private onNew(file: SourceFile, node: NewExpression): void {
    const name = node.expression.getText(file);
    if (OTHER_TRANSPORTS.has(name)) {
      this.fail(file, node, `new ${name}`, `${name} is not followed`);
      return;
    }
    // The class's own declarations, also when it was destructured from a dynamic import.
    const symbol = this.checker.getSymbolAtLocation(node.expression);
    const typeSymbol = this.checker.getTypeAtLocation(node.expression)?.getSymbol();
    const declarations = [
      ...(symbol ? this.resolveAlias(symbol).declarations : []),
      ...(typeSymbol?.declarations ?? []),
    ];
    const library = declarations.find((d) => HTTP_LIBRARIES.some((lib) => d.path.includes(lib)));
    if (library) {
      const from = library.path.slice(library.path.lastIndexOf('/node_modules/') + '/node_modules/'.length);
      this.fail(file, node, `new ${name}`, `a class of ${from} that makes its own requests`);
    }
  }

  private isApiReference(node: Expression): boolean {
    return isIdentifier(node) && this.targetId(node) === this.apiSymbolId;
  }

  private isFetch(file: SourceFile, callee: Expression): boolean {
    if (isIdentifier(callee)) return callee.text === 'fetch';
    return (
      isPropertyAccessExpression(callee) &&
      callee.name.getText(file) === 'fetch' &&
      ['window', 'globalThis', 'self'].includes(callee.expression.getText(file))
    );
  }

  private fetchMethods(file: SourceFile, init: Expression | undefined): HttpMethod[] {
    if (!init) return ['GET'];
    if (!isObjectLiteralExpression(init)) throw new Unresolvable('fetch options that are not an object literal');
    const property = init.properties.find(
      (p) =>
        (isPropertyAssignment(p) || p.kind === SyntaxKind.ShorthandPropertyAssignment) &&
        p.name?.getText(file) === 'method',
    );
    if (!property) return ['GET'];
    if (!isPropertyAssignment(property)) throw new Unresolvable('a method given by a variable');
    const methods = this.resolvePath(file, property.initializer).map((m) => m.toUpperCase());
    const bad = methods.filter((m) => !HTTP_METHODS.has(m));
    if (bad.length > 0) throw new Unresolvable(`unknown method ${bad.join(', ')}`);
    return methods as HttpMethod[];
  }

  /** Every path pattern an expression can produce, or Unresolvable. */
  private resolvePath(file: SourceFile, node: Expression): string[] {
    return this.pieces(file, node).map(toPattern);
  }

  private pieces(file: SourceFile, node: Expression): Piece[][] {
    if (isStringLiteral(node) || isNoSubstitutionTemplateLiteral(node)) return [[{ text: node.text }]];
    if (isParenthesizedExpression(node) || isAsExpression(node)) return this.pieces(file, node.expression);
    if (isConditionalExpression(node)) {
      return [...this.pieces(file, node.whenTrue), ...this.pieces(file, node.whenFalse)];
    }
    if (isBinaryExpression(node) && node.operatorToken.kind === SyntaxKind.PlusToken) {
      return product(this.pieces(file, node.left), this.pieces(file, node.right));
    }
    if (isTemplateExpression(node)) {
      let out: Piece[][] = [[{ text: node.head.text }]];
      for (const span of node.templateSpans) {
        out = product(out, this.substitution(file, span.expression));
        out = product(out, [[{ text: span.literal.text }]]);
      }
      return out;
    }
    const values = literalValues(this.checker.getTypeAtLocation(node));
    if (values) return values.map((text) => [{ text }]);
    throw new Unresolvable(`${node.getText(file)} is not a literal`);
  }

  /** A template substitution: its literal values, or a run-time parameter. */
  private substitution(file: SourceFile, node: Expression): Piece[][] {
    try {
      return this.pieces(file, node);
    } catch (error) {
      if (!(error instanceof Unresolvable)) throw error;
      if (isParamType(this.checker.getTypeAtLocation(node))) return [[{ param: true }]];
      throw new Unresolvable(`${node.getText(file)} is neither a literal nor a string or number parameter`);
    }
  }

  /**
   * References the collector cannot account for: `api` other than `api.<method>(`, `fetch`
   * without a call, the API base outside a collected call, literals that start with it.
   */
  private checkStrayReferences(file: SourceFile): void {
    const base = this.options.apiBase;
    const inClient = file.fileName === this.options.clientModule;
    const candidates: Identifier[] = [];
    for (const node of walk(file)) {
      if (
        isIdentifier(node) &&
        (node.text === 'api' || node.text === this.options.apiBaseName || node.text === 'fetch')
      ) {
        candidates.push(node);
      }
      if (
        (isStringLiteral(node) || isNoSubstitutionTemplateLiteral(node)) &&
        !inClient &&
        !this.isCovered(file, node)
      ) {
        if (node.text === base || node.text.startsWith(`${base}/`)) {
          this.fail(file, node, JSON.stringify(node.text), `a literal address under ${base} outside a collected call`);
        }
      }
      if (isTemplateExpression(node) && !inClient && !this.isCovered(file, node)) {
        if (node.head.text === base || node.head.text.startsWith(`${base}/`)) {
          this.fail(file, node, node.getText(file), `an address under ${base} outside a collected call`);
        }
      }
    }
    for (const id of candidates) {
      const parent = id.parent;
      if (isImportSpecifier(parent) || isExportSpecifier(parent)) continue;
      if (isVariableDeclaration(parent) && parent.name === id) continue;
      if (isPropertyAccessExpression(parent) && parent.name === id) continue;
      if (isPropertyAssignment(parent) && parent.name === id) continue;
      if (id.text === 'fetch') {
        const call = parent;
        if (!(isCallExpression(call) && call.expression === id)) {
          this.fail(file, id, 'fetch', 'fetch referenced without being called');
        }
        continue;
      }
      const target = this.targetId(id);
      if (target === this.apiSymbolId && target !== undefined) {
        const isMethodCall =
          isPropertyAccessExpression(parent) &&
          parent.expression === id &&
          isCallExpression(parent.parent) &&
          parent.parent.expression === parent;
        if (!isMethodCall) this.fail(file, id, 'api', 'the API client used other than as api.<method>(path)');
      } else if (target === this.baseSymbolId && target !== undefined && !inClient && !this.isCovered(file, id)) {
        this.fail(file, id, this.options.apiBaseName, 'the API base used outside a collected call');
      }
    }
  }
}
