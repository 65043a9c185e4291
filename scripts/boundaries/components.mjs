// Groups dependency-cruiser's file graph into components (server modules, web features) and finds
// the cycles between components. A cycle between two modules needs no cycle between files
// (flocks/a.ts → charts/index.ts → charts/b.ts → flocks/index.ts), so file-level checks miss it.

/** The component kinds whose mutual imports must not form a cycle. */
export const COMPONENT_KINDS = [
  { name: 'server modules', folder: /^packages\/server\/src\/modules\/([^/]+)\//, cycleRule: 'module-cycle' },
  { name: 'web features', folder: /^packages\/web\/src\/features\/([^/]+)\//, cycleRule: 'feature-cycle' },
];

/**
 * Tests are left out of the component graph: a test may drive a whole path through several modules
 * (readings stored, then dosing derived) without the modules' own code depending on each other.
 * They still import other modules through index.ts only (rule module-internals).
 */
const TEST_FILE = /\.test\.tsx?$/;

function componentOf(kind, file) {
  return kind.folder.exec(file)?.[1];
}

/**
 * @param {import('dependency-cruiser').IModule[]} modules dependency-cruiser's modules
 * @returns {{ nodes: Set<string>, edges: Map<string, Set<string>>, evidence: Map<string, string> }}
 *   evidence names, for each component edge, one file import that makes it
 */
export function componentGraph(modules, kind) {
  const nodes = new Set();
  const edges = new Map();
  const evidence = new Map();
  for (const module of modules) {
    const from = componentOf(kind, module.source);
    if (from === undefined || TEST_FILE.test(module.source)) continue;
    nodes.add(from);
    if (!edges.has(from)) edges.set(from, new Set());
    for (const dependency of module.dependencies) {
      const to = componentOf(kind, dependency.resolved);
      if (to === undefined || to === from) continue;
      edges.get(from).add(to);
      const key = `${from}→${to}`;
      if (!evidence.has(key)) evidence.set(key, `${module.source} → ${dependency.resolved}`);
    }
  }
  return { nodes, edges, evidence };
}

/** Tarjan's strongly connected components; those with more than one member are cycles. */
function stronglyConnected(nodes, edges) {
  const index = new Map();
  const lowLink = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    index.set(node, index.size);
    lowLink.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(node, Math.min(lowLink.get(node), lowLink.get(next)));
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node), index.get(next)));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    groups.push(group.sort());
  };
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return groups;
}

/** The shortest way from `start` back to itself inside one strongly connected group. */
function shortestLoop(start, members, edges) {
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of edges.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const loop = [node];
        while (loop[0] !== start) loop.unshift(cameFrom.get(loop[0]));
        return [...loop, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  throw new Error(`${start} lies in a strongly connected group without a loop back to it`);
}

/**
 * @returns {{ components: string[], witness: string }[]} one entry per group of components that
 *   import each other in a cycle: its members, and in `witness` one shortest loop followed by every
 *   import between two members (each with one file import that makes it), so the whole knot shows
 */
export function componentCycles({ nodes, edges, evidence }) {
  return stronglyConnected(nodes, edges)
    .filter((group) => group.length > 1)
    .map((group) => {
      const members = new Set(group);
      const loop = shortestLoop(group[0], members, edges);
      const inside = group.flatMap((from) =>
        [...(edges.get(from) ?? [])].filter((to) => members.has(to)).sort().map((to) => `${from} → ${to}: ${evidence.get(`${from}→${to}`)}`),
      );
      return { components: group, witness: [`loop ${loop.join(' → ')}`, ...inside].join('\n') };
    });
}
