/**
 * `["null?", field, true|false]`: IS NULL / IS NOT NULL.
 * @module
 */
import type { FieldNode } from './field.js';

export interface NullCheckNode {
  readonly kind: 'NullCheck';
  readonly field: FieldNode;
  /** true: the field must be null; false: it must not be. */
  readonly isNull: boolean;
}

export const NullCheck = Object.freeze({
  create: (field: FieldNode, isNull: boolean): NullCheckNode =>
    Object.freeze({ kind: 'NullCheck', field, isNull }),
});
