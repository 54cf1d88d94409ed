/**
 * `["=", "node_state", "active"|"inactive"|"any"]` (and legacy `["=", ["node","active"], bool]`):
 * which nodes' resources a query sees. Without one, the validator adds `active`.
 * @module
 */

const NODE_STATES = { active: true, inactive: true, any: true } as const;

export type NodeState = keyof typeof NODE_STATES;

export function isNodeState(value: string): value is NodeState {
  return Object.hasOwn(NODE_STATES, value);
}

export interface NodeStateNode {
  readonly kind: 'NodeState';
  readonly state: NodeState;
}

export const NodeStateFilter = Object.freeze({
  create: (state: NodeState): NodeStateNode => Object.freeze({ kind: 'NodeState', state }),
});
