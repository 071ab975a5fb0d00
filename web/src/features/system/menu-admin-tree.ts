/**
 * The menu administration's tree (pure, tested): every live entry, hidden ones included, under its
 * parent in sort order; which may move up or down among its siblings; the rows shown for the entries
 * opened; and a search that keeps the path to each match.
 */
import { foldSearchText } from '@sitepay/domain/search-text';

export type TreeEntry = {
  id: number;
  parent_id: number | null;
  name: string;
  path: string;
  title: string;
  title_en: string;
  sort_order: number;
};

export type TreeRow<E extends TreeEntry> = {
  entry: E;
  depth: number;
  childCount: number;
  /** Whether a sibling is before / after it (a move up / down is possible). */
  canUp: boolean;
  canDown: boolean;
};

type Node<E> = { entry: E; children: Node<E>[] };

/** Roots and children in sort order (then id); an entry whose parent is missing is a root. */
export function menuForest<E extends TreeEntry>(entries: readonly E[]): Node<E>[] {
  const nodes = new Map<number, Node<E>>(entries.map((entry) => [entry.id, { entry, children: [] }]));
  const roots: Node<E>[] = [];
  for (const node of nodes.values()) {
    const parent = node.entry.parent_id == null ? undefined : nodes.get(node.entry.parent_id);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const sort = (list: Node<E>[]) => {
    list.sort((a, b) => a.entry.sort_order - b.entry.sort_order || a.entry.id - b.entry.id);
    for (const node of list) sort(node.children);
  };
  sort(roots);
  return roots;
}

/**
 * The rows to draw: depth first, children only under an opened entry. With a search, the entries
 * matching it (title in either language, name or path, without diacritics) and their ancestors, all
 * opened.
 */
export function menuRows<E extends TreeEntry>(
  entries: readonly E[],
  opened: ReadonlySet<number>,
  search = '',
): TreeRow<E>[] {
  const query = foldSearchText(search.trim());
  const forest = menuForest(entries);
  const matches = (e: E) =>
    [e.title, e.title_en, e.name, e.path].some((text) => foldSearchText(text ?? '').includes(query));
  // with a search: the nodes on a path to a match
  const kept = new Set<number>();
  const mark = (node: Node<E>): boolean => {
    let any = matches(node.entry);
    for (const child of node.children) any = mark(child) || any;
    if (any) kept.add(node.entry.id);
    return any;
  };
  if (query) for (const root of forest) mark(root);

  const rows: TreeRow<E>[] = [];
  const walk = (list: Node<E>[], depth: number) => {
    list.forEach((node, index) => {
      if (query && !kept.has(node.entry.id)) return;
      rows.push({
        entry: node.entry,
        depth,
        childCount: node.children.length,
        canUp: index > 0,
        canDown: index < list.length - 1,
      });
      if (query || opened.has(node.entry.id)) walk(node.children, depth + 1);
    });
  };
  walk(forest, 0);
  return rows;
}

/** The entries that hold others: what "open all" opens. */
export function parentIds(entries: readonly TreeEntry[]): Set<number> {
  return new Set(entries.flatMap((e) => (e.parent_id == null ? [] : [e.parent_id])));
}

/** The areas (top-level entries with children), opened when the screen first shows. */
export function topLevelParents(entries: readonly TreeEntry[]): Set<number> {
  const parents = parentIds(entries);
  return new Set(entries.filter((e) => e.parent_id == null && parents.has(e.id)).map((e) => e.id));
}
