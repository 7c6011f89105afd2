/**
 * The QA log's texts, out of tag.js. Only testers switch the log on, yet every page downloaded
 * its sentences. At build time each logger call whose first argument is written as a string or a
 * template (`log.warn(`Beacon queue full: ${n} oldest beacon(s) dropped.`)`) is rewritten to a
 * message number followed by the template's values (`log.warn(12, n)`); the texts go to
 * tag-debug.js (src/engine/logMessages.ts), which the logger loads when the log is on. The source
 * keeps its sentences: unit tests and readers see them as written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import ts from 'typescript';

/** A message: the text around each of the template's values, as `String.raw` would give its parts. */
export type MessageText = readonly string[];

interface Edit {
  start: number;
  end: number;
  text: string;
}

export interface LogMessages {
  texts: MessageText[];
  /** The module that holds the texts: empty in the source, filled in tag-debug.js. */
  textsModule: string;
  /** By absolute file path: the rewrites of that file's logger calls. */
  edits: Map<string, Edit[]>;
  /**
   * Logger calls handed their sentence as a constant (`log.warn(PAGE_LOAD_DISABLED)`) or as a
   * choice of two (`log.info(offline ? 'a' : 'b')`), as `file:line`: the build cannot number those,
   * so every page would download the sentence. The build fails on any.
   */
  handed: string[];
}

const METHODS = new Set(['log', 'info', 'warn', 'error']);
/** Who logs in this code base: `log`, `logger`, or a property of that name (`ctx.log`, `core.logger`). */
const LOGGER_NAMES = new Set(['log', 'logger']);

function isLoggerCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  if (!ts.isPropertyAccessExpression(callee) || !METHODS.has(callee.name.text)) return false;
  const owner = callee.expression;
  if (ts.isIdentifier(owner)) return LOGGER_NAMES.has(owner.text);
  return ts.isPropertyAccessExpression(owner) && LOGGER_NAMES.has(owner.name.text);
}

/** The message of a first argument written as text, and the values its template holds. */
function messageOf(arg: ts.Expression): { text: MessageText; values: ts.Expression[] } | undefined {
  if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) return { text: [arg.text], values: [] };
  if (!ts.isTemplateExpression(arg)) return undefined;
  return { text: [arg.head.text, ...arg.templateSpans.map((span) => span.literal.text)], values: arg.templateSpans.map((span) => span.expression) };
}

/** Whether a first argument hands the logger a sentence written elsewhere, or a choice of two written ones. */
const isHanded = (arg: ts.Expression): boolean =>
  (ts.isIdentifier(arg) && /^[A-Z][A-Z\d_]+$/.test(arg.text)) || (ts.isConditionalExpression(arg) && !!messageOf(arg.whenTrue) && !!messageOf(arg.whenFalse));

/** Every .ts file under `dir`, in a fixed order (message numbers must not depend on the disk). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [join(dir, entry.name)] : [],
    )
    .sort();
}

/** Finds the logger calls of every file under `srcRoot` and numbers their texts (one number per distinct text). */
export function collectLogMessages(srcRoot: string): LogMessages {
  const texts: MessageText[] = [];
  const numbers = new Map<string, number>();
  const edits = new Map<string, Edit[]>();
  const handed: string[] = [];
  for (const file of sourceFiles(resolve(srcRoot))) {
    const source = readFileSync(file, 'utf8');
    // Most files log nothing: parsing only those that may saves the build a few seconds.
    if (!/\b(?:log|logger)\.(?:log|info|warn|error)\(/.test(source)) continue;
    const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const fileEdits: Edit[] = [];
    const visit = (node: ts.Node) => {
      const [first, ...others] = ts.isCallExpression(node) && isLoggerCall(node) ? node.arguments : [];
      const message = first && messageOf(first);
      if (first && isHanded(first)) handed.push(`${file}:${tree.getLineAndCharacterOfPosition(first.getStart(tree)).line + 1}`);
      if (!first || !message) return void ts.forEachChild(node, visit);
      const key = JSON.stringify(message.text);
      let number = numbers.get(key);
      if (number === undefined) numbers.set(key, (number = texts.push(message.text) - 1));
      const values = message.values.map((value) => value.getText(tree));
      fileEdits.push({ start: first.getStart(tree), end: first.getEnd(), text: [String(number), ...values].join(', ') });
      // The first argument is replaced whole (a logger call inside its template stays as written); the others are looked at.
      others.forEach(visit);
    };
    visit(tree);
    if (fileEdits.length) edits.set(file, fileEdits);
  }
  return { texts, edits, handed, textsModule: join(resolve(srcRoot), 'engine', 'logMessages.ts') };
}

export function applyEdits(source: string, edits: readonly Edit[]): string {
  let out = source;
  for (const { start, end, text } of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

/** Rewrites the logger calls of the files it loads, and fills the texts' module. */
export function logMessagesPlugin(messages: LogMessages): Plugin {
  return {
    name: 'log-messages',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/, namespace: 'file' }, (args) => {
        if (args.path === messages.textsModule) {
          return { contents: `export const MESSAGE_TEXTS = ${JSON.stringify(messages.texts)};`, loader: 'ts' };
        }
        const edits = messages.edits.get(args.path);
        if (!edits) return undefined;
        return { contents: applyEdits(readFileSync(args.path, 'utf8'), edits), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}
