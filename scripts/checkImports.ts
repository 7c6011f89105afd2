/**
 * `npm test`'s import-boundary check: each folder of src/ imports only the folders ARCHITECTURE
 * allows (ARCHITECTURE's table of folders), so the layering holds as the code grows: the engine
 * never learns a Canada.ca name, privacy stays pure, and so on. Prints each import that crosses a
 * boundary it may not, and exits non-zero when there is one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Folder of src/ → the folders of src/ it may import (its own always). `*` for any. */
export const ALLOWED: Readonly<Record<string, readonly string[] | '*'>> = {
  engine: [],
  privacy: [],
  config: [],
  analytics: ['engine', 'privacy'],
  dataElements: ['engine', 'privacy'],
  rules: ['engine', 'analytics', 'privacy', 'dataElements'],
  survey: ['engine', 'privacy'],
  personalization: ['engine', 'privacy'],
  qaPanel: ['engine', 'analytics', 'privacy', 'dataElements'],
  'main.ts': '*',
  // What tag.js lends the on-demand files, drawn from every folder they share with it.
  'lent.ts': '*',
  'globals.d.ts': [],
};

/**
 * Imports the layering allows by name, each for its reason: a module of another folder (its path
 * under src/, without extension), from one folder or any (`*`); `typeOnly` when only `import type`
 * may cross.
 */
export const EXCEPTIONS: ReadonlyArray<{ from: string; to: string; typeOnly?: boolean; why: string }> = [
  { from: '*', to: 'config/types', typeOnly: true, why: 'the settings each folder is given are typed there; types are erased, so config stays a leaf' },
  { from: 'dataElements', to: 'analytics/slots', why: 'the solution design reference (sdr.ts) names the analytics slot each data element fills' },
  { from: 'survey', to: 'dataElements/read', why: 'the survey reads language codes (eng, fra, en-CA) as the page-language data element does: one pure reader' },
];

export interface Crossing {
  file: string;
  imports: string;
  from: string;
  to: string;
}

/** The modules a file imports: static imports and exports (type-only or not), and dynamic import() of a literal. */
export function specifiers(source: string): Array<{ spec: string; typeOnly: boolean }> {
  const found: Array<{ spec: string; typeOnly: boolean }> = [];
  for (const match of source.matchAll(
    /(?:^|\n)\s*(?:import|export)\b(\s+type\b)?[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  )) {
    found.push({ spec: (match[2] ?? match[3] ?? match[4])!, typeOnly: Boolean(match[1]) });
  }
  return found;
}

/** The first part of a path under src/: its folder, or the file itself at the top. */
const areaOf = (srcRoot: string, path: string) => relative(srcRoot, path).split(sep)[0]!;

export function crossings(srcRoot: string, file: string, source: string): Crossing[] {
  const from = areaOf(srcRoot, file);
  const allowed = ALLOWED[from];
  if (allowed === undefined) return [{ file, imports: '', from, to: '(a folder ARCHITECTURE does not name)' }];
  const out: Crossing[] = [];
  for (const { spec, typeOnly } of specifiers(source)) {
    if (!spec.startsWith('.')) {
      // Packages: the pure layers use none.
      if (from === 'privacy' || from === 'engine' || from === 'config') out.push({ file, imports: spec, from, to: `the package ${spec}` });
      continue;
    }
    const target = resolve(dirname(file), spec);
    const rel = relative(srcRoot, target);
    if (rel.startsWith('..')) {
      out.push({ file, imports: spec, from, to: 'outside src/' });
      continue;
    }
    const to = areaOf(srcRoot, target).replace(/\.tsx?$/, '.ts');
    if (to === from || allowed === '*' || allowed.includes(to)) continue;
    const module = rel
      .split(sep)
      .join('/')
      .replace(/\.tsx?$/, '');
    if (EXCEPTIONS.some((e) => (e.from === '*' || e.from === from) && e.to === module && (typeOnly || !e.typeOnly))) continue;
    out.push({ file, imports: spec, from, to });
  }
  return out;
}

/** Import cycles among the modules of src/ (type-only imports included: a cycle of types is still a tangle), each once. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found: string[][] = [];
  const seen = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (node: string) => {
    if (onStack.has(node)) {
      const cycle = stack.slice(stack.indexOf(node));
      const key = [...cycle].sort().join('|');
      if (!found.some((c) => [...c].sort().join('|') === key)) found.push(cycle);
      return;
    }
    if (seen.has(node)) return;
    seen.add(node);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) visit(next);
    stack.pop();
    onStack.delete(node);
  };
  for (const node of graph.keys()) visit(node);
  return found;
}

/** The source file a relative import names, as esbuild finds it: `spec`.ts, .tsx or its index.ts; undefined if none `exists`. */
export function sourceFile(fromDir: string, spec: string, exists: (path: string) => boolean = existsSync): string | undefined {
  const base = resolve(fromDir, spec);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(exists);
}

/** Each module of src/ and the modules of src/ it imports, by path. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      specifiers(readFileSync(file, 'utf8'))
        .filter(({ spec }) => spec.startsWith('.'))
        .map(({ spec }) => sourceFile(dirname(file), spec, (path) => known.has(path)))
        .filter((path): path is string => path !== undefined),
    ]),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

if (process.argv[1] && resolve(process.argv[1]).endsWith(join('scripts', 'checkImports.ts'))) {
  const srcRoot = resolve('src');
  const files = sourceFiles(srcRoot);
  const found = files.flatMap((file) => crossings(srcRoot, file, readFileSync(file, 'utf8')));
  for (const c of found) console.error(`${relative('.', c.file)}: imports ${c.imports} (${c.from} may not import ${c.to})`);
  const loops = cycles(importGraph(files));
  for (const loop of loops) console.error(`import cycle: ${[...loop, loop[0]!].map((file) => relative('.', file)).join(' -> ')}`);
  if (found.length || loops.length) {
    console.error(
      `\n${found.length} import(s) cross a boundary of ARCHITECTURE's layering (scripts/checkImports.ts, ALLOWED); ${loops.length} import cycle(s).`,
    );
    process.exit(1);
  }
  console.log(`Import boundaries: ${files.length} files of src/, none crossing, no import cycle.`);
}
