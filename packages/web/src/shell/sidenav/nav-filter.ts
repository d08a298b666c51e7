import type { PermissionsMap } from '@ops/contract/common/permissions';
import type { NavNode } from './nav-items';

export type CanRead = (permission: string) => boolean;

/**
 * Navigation gating reads the `read` flag: every page behind the navigation is
 * a list that needs read access (docs/decisions.md, "Navigation permissions").
 */
export function canReadFrom(permissions: PermissionsMap | undefined): CanRead {
  return (key) => Object.values(permissions ?? {}).some((models) => models[key]?.read === true);
}

/**
 * Leaves show when the user holds their permission (or none is named); a group
 * shows when any child does. Groups listed in `keepEmpty` (Favorites, Recent)
 * stay even with no children.
 */
export function filterByPermission(nodes: NavNode[], can: CanRead, keepEmpty: ReadonlySet<string> = new Set()): NavNode[] {
  const result: NavNode[] = [];
  for (const node of nodes) {
    if (node.children) {
      const children = filterByPermission(node.children, can);
      if (children.length > 0 || keepEmpty.has(node.id)) result.push({ ...node, children });
    } else if (!node.permission || can(node.permission)) {
      result.push(node);
    }
  }
  return result;
}

const byName = (a: NavNode, b: NavNode) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/**
 * Text search (spec web-shell §2.2): a case-insensitive substring of the name, matched at
 * every level. A matching group keeps all its entries; otherwise only matching
 * descendants remain. Leaf results are sorted by name.
 */
export function filterBySearch(nodes: NavNode[], query: string): NavNode[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return nodes;
  const walk = (list: NavNode[]): NavNode[] => {
    const kept: NavNode[] = [];
    for (const node of list) {
      const matches = node.name.toLocaleLowerCase().includes(needle);
      if (node.children) {
        const children = matches ? sortLeaves(node.children) : walk(node.children);
        if (matches || children.length > 0) kept.push({ ...node, children });
      } else if (matches) {
        kept.push(node);
      }
    }
    return sortLeaves(kept);
  };
  return walk(nodes);
}

/** Sorts leaf siblings by name; groups keep their defined order and stay first where they were. */
function sortLeaves(nodes: NavNode[]): NavNode[] {
  const leaves = nodes.filter((node) => !node.children).sort(byName);
  if (leaves.length === nodes.length) return leaves;
  let next = 0;
  return nodes.map((node) => (node.children ? node : leaves[next++]!));
}
