/**
 * The build keeps optional chaining (`?.`) as written (esbuild.config.ts), which Chrome 80–90 run
 * natively but for one defect: a call in an optional chain whose spread argument is not the last
 * one fails there (`a?.f(...b, c)`, crbug.com/42201552). This finds such calls in built code, so
 * the build can refuse them instead of rewriting every `?.` for those browsers.
 */
import ts from 'typescript';

/** Each call in an optional chain with a spread before its last argument, as written. */
export function optionalCallsWithEarlySpread(code: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isOptionalChain(node) && node.arguments.slice(0, -1).some(ts.isSpreadElement)) {
      found.push(node.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  const source = ts.createSourceFile('built.js', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  visit(source);
  return found;
}
