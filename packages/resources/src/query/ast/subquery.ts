/**
 * `["subquery", entity, Q]`: an implicit subquery, joined on the relationship PuppetDB defines
 * between resources and the entity (certname for nodes and catalogs, environment for environments).
 * @module
 */
import type { Entity } from './entity.js';
import type { QueryNode } from './query-node.js';

export interface ImplicitSubqueryNode {
  readonly kind: 'ImplicitSubquery';
  readonly entity: Entity;
  readonly filter: QueryNode | undefined;
}

export const ImplicitSubquery = Object.freeze({
  create: (entity: Entity, filter: QueryNode | undefined): ImplicitSubqueryNode =>
    Object.freeze({ kind: 'ImplicitSubquery', entity, filter }),
});
