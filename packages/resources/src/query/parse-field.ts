/**
 * Parsing of field references: `"title"`, `["parameter", "ensure"]`, `["fact", "kernel"]`,
 * `"parameters.a.\"b.c\""`, `"facts.os.family"`, `"trusted.certname"`.
 * @module
 */
import {
  ColumnField,
  DottedParameterField,
  type DottedRoot,
  FactField,
  type FieldNode,
  ParameterField,
} from './ast/field.js';
import { invalid } from './errors.js';

const DOTTED_ROOTS: readonly DottedRoot[] = ['parameters', 'facts', 'trusted'];

/** The legacy node-state field `["node", "active"]`, recognised by the comparison parser. */
export function isLegacyNodeActiveField(raw: unknown): boolean {
  return Array.isArray(raw) && raw.length === 2 && raw[0] === 'node' && raw[1] === 'active';
}

export function parseField(raw: unknown): FieldNode {
  if (typeof raw === 'string') {
    const root = DOTTED_ROOTS.find((name) => raw.startsWith(`${name}.`));
    return root
      ? DottedParameterField.create(parseDottedPath(raw.slice(root.length + 1), raw), raw, root)
      : ColumnField.create(raw);
  }
  if (Array.isArray(raw) && raw.length === 2 && typeof raw[1] === 'string') {
    if (raw[0] === 'parameter') return ParameterField.create(raw[1]);
    if (raw[0] === 'fact') return FactField.create(raw[1]);
  }
  throw invalid(
    `${JSON.stringify(raw)} is not a valid field: use a field name, ["parameter", NAME] or ["fact", NAME]`,
  );
}

/**
 * Splits `a."b.c".d` into `["a", "b.c", "d"]`. A component in double quotes may contain dots;
 * a component may not be empty.
 */
export function parseDottedPath(text: string, whole: string): string[] {
  const components: string[] = [];
  let index = 0;
  while (index <= text.length) {
    const { component, next } = readComponent(text, index, whole);
    components.push(component);
    if (next >= text.length) break;
    index = next + 1;
  }
  return components;
}

function readComponent(text: string, start: number, whole: string): { component: string; next: number } {
  if (text[start] === '"') return readQuotedComponent(text, start, whole);
  const dot = text.indexOf('.', start);
  const end = dot < 0 ? text.length : dot;
  if (end === start || text.slice(start, end).includes('"')) throw badPath(whole);
  return { component: text.slice(start, end), next: end };
}

/** `"a.b"` or `"say \\"hi\\""`: inside quotes, `\\"` stands for a quote (PuppetDB's rule). */
function readQuotedComponent(
  text: string,
  start: number,
  whole: string,
): { component: string; next: number } {
  let component = '';
  for (let i = start + 1; i < text.length; i += 1) {
    if (text[i] === '\\' && text[i + 1] === '"') {
      component += '"';
      i += 1;
    } else if (text[i] === '"') {
      const next = i + 1;
      if (component === '' || (next < text.length && text[next] !== '.')) throw badPath(whole);
      return { component, next };
    } else {
      component += text[i];
    }
  }
  throw badPath(whole);
}

function badPath(whole: string): Error {
  return invalid(`'${whole}' is not a valid dotted field: components are separated by '.' and may be quoted`);
}
