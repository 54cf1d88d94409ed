/**
 * `["subquery", entity, Q]`: an implicit subquery, joined on the relationship PuppetDB defines
 * between resources and the entity (certname for nodes and catalogs, environment for environments).
 * @module
 */
import type { Entity } from './entity.js';
import type { ImplicitSubqueryNode, QueryNode } from './query-node.js';

export const ImplicitSubquery = Object.freeze({
  create: (entity: Entity, filter: QueryNode | undefined): ImplicitSubqueryNode =>
    Object.freeze({ kind: 'ImplicitSubquery', entity, filter }),
});
