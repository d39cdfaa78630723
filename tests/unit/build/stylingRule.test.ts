/**
 * The styling rule of docs/styling.md, checked on every source file: layout lives in plain CSS
 * files (xt- classes on Fluent's theme variables), so no Griffel `makeStyles` in src, and an
 * inline `style` only carries values computed at run time, never an object of fixed literals.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const SRC = resolve(ROOT, 'src');
const GRIFFEL_FACTORIES = new Set(['makeStyles', 'makeResetStyles', 'makeStaticStyles']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function isLiteral(node: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(node)) return isLiteral(node.expression);
  if (ts.isStringLiteral(node) || ts.isNumericLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return true;
  if (ts.isPrefixUnaryExpression(node)) return isLiteral(node.operand);
  return [ts.SyntaxKind.TrueKeyword, ts.SyntaxKind.FalseKeyword, ts.SyntaxKind.NullKeyword].includes(node.kind);
}

/** An object whose every property is `key: <literal>`: styles that belong in a CSS file. */
function isFixedStyleObject(node: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return isFixedStyleObject(node.expression);
  return (
    ts.isObjectLiteralExpression(node) && node.properties.length > 0 && node.properties.every((p) => ts.isPropertyAssignment(p) && isLiteral(p.initializer))
  );
}

/** Where `text` breaks the rule, as "line: what" strings. */
function styleRuleViolations(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => found.push(`${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}: ${what}`);
  // Module-level `const x = { … }` objects of literals, so that `style={x}` counts as well as `style={{ … }}`.
  const fixedConsts = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations)
      if (ts.isIdentifier(d.name) && d.initializer && isFixedStyleObject(d.initializer)) fixedConsts.add(d.name.text);
  }
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (node.moduleSpecifier.text.startsWith('@griffel/')) at(node, `imports ${node.moduleSpecifier.text}`);
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const el of bindings.elements)
          if (GRIFFEL_FACTORIES.has((el.propertyName ?? el.name).text)) at(el, `imports ${(el.propertyName ?? el.name).text}`);
      }
    }
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
      if (ts.isIdentifier(callee) && GRIFFEL_FACTORIES.has(callee.text)) at(node, `calls ${callee.text}()`);
    }
    if (ts.isJsxAttribute(node) && ts.isIdentifier(node.name) && node.name.text === 'style' && node.initializer && ts.isJsxExpression(node.initializer)) {
      const value = node.initializer.expression;
      if (value && isFixedStyleObject(value)) at(node, 'inline style of fixed values (put them in a CSS class)');
      else if (value && ts.isIdentifier(value) && fixedConsts.has(value.text))
        at(node, `inline style of fixed values in const ${value.text} (put them in a CSS class)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('styling rule (docs/styling.md)', () => {
  it('finds makeStyles and fixed inline styles, and lets run-time values through', () => {
    const bad = [
      "import { makeStyles, tokens } from '@fluentui/react-components';",
      'const useStyles = makeStyles({ root: { color: tokens.colorBrandForeground1 } });',
      "import { makeResetStyles as reset } from '@griffel/react';",
      "const box = { display: 'flex', marginBottom: 8 };",
      "export const A = () => <div style={{ display: 'flex', gap: 8, opacity: -1 }} />;",
      'export const B = () => <div style={box} />;',
    ].join('\n');
    expect(styleRuleViolations('bad.tsx', bad)).toEqual([
      '1: imports makeStyles',
      '2: calls makeStyles()',
      '3: imports @griffel/react',
      '3: imports makeResetStyles',
      '5: inline style of fixed values (put them in a CSS class)',
      '6: inline style of fixed values in const box (put them in a CSS class)',
    ]);
    const good = [
      "import { Button, tokens } from '@fluentui/react-components';",
      'export const C = ({ x }: { x: number }) => <div style={{ left: x, top: 4 }} className="xt-a" />;',
      'export const D = ({ w }: { w: string }) => <div style={{ width: w }} />;',
      'export const E = () => <svg><path fill={tokens.colorBrandForeground1} /></svg>;',
    ].join('\n');
    expect(styleRuleViolations('good.tsx', good)).toEqual([]);
  });

  it('holds in every file of src/', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    const violations = files.flatMap((f) => styleRuleViolations(f, readFileSync(f, 'utf8')).map((v) => `${relative(ROOT, f)}:${v}`));
    expect(violations).toEqual([]);
  });
});
