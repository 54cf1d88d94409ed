/**
 * Field references: the left-hand side of every predicate.
 *
 * PuppetDB spells a field three ways on resources: a plain name (`"title"`), the EAV form
 * `["parameter", NAME]`, and the dotted form `"parameters.a.b"`; nodes add `["fact", NAME]`.
 * Each has its own node so the validator and the compiler can switch on `kind` instead of
 * re-reading strings.
 * @module
 */

/** A plain field name such as `title`, checked against the entity's field table by the validator. */
export interface ColumnFieldNode {
  readonly kind: 'ColumnField';
  readonly name: string;
}

/** `["parameter", NAME]`: the top-level parameter NAME of a resource, compared as a whole JSON value. */
export interface ParameterFieldNode {
  readonly kind: 'ParameterField';
  readonly name: string;
}

/**
 * Where a dotted field reaches: a resource's `parameters`, or an inventory entry's `facts` (the
 * path starts with the fact's name) or `trusted` (the path is inside the `trusted` fact).
 */
export type DottedRoot = 'parameters' | 'facts' | 'trusted';

/** `parameters.a.b`, `facts.os.family`: a path into a JSON field; `path` holds the unquoted components. */
export interface DottedParameterFieldNode {
  readonly kind: 'DottedParameterField';
  readonly root: DottedRoot;
  readonly path: readonly string[];
  /** The field as the client wrote it; extract output uses it as the key. */
  readonly text: string;
}

/** `["fact", NAME]` on nodes: the value of the node's fact NAME (PuppetDB's fact criterion). */
export interface FactFieldNode {
  readonly kind: 'FactField';
  readonly name: string;
}

export type FieldNode = ColumnFieldNode | ParameterFieldNode | DottedParameterFieldNode | FactFieldNode;

export const ColumnField = Object.freeze({
  create: (name: string): ColumnFieldNode => Object.freeze({ kind: 'ColumnField', name }),
});

export const ParameterField = Object.freeze({
  create: (name: string): ParameterFieldNode => Object.freeze({ kind: 'ParameterField', name }),
});

export const FactField = Object.freeze({
  create: (name: string): FactFieldNode => Object.freeze({ kind: 'FactField', name }),
});

export const DottedParameterField = Object.freeze({
  create: (
    path: readonly string[],
    text: string,
    root: DottedRoot = 'parameters',
  ): DottedParameterFieldNode =>
    Object.freeze({ kind: 'DottedParameterField', root, path: Object.freeze([...path]), text }),
});

/** How a field is written in PuppetDB's error messages and in extract output keys. */
export function fieldLabel(field: FieldNode): string {
  switch (field.kind) {
    case 'ColumnField':
      return field.name;
    case 'ParameterField':
      return `parameter ${field.name}`;
    case 'DottedParameterField':
      return field.text;
    case 'FactField':
      return `fact ${field.name}`;
  }
}
