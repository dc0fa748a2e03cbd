// The neighbourhood graph (Cytoscape.js): nodes coloured by their first type, edges labelled by
// predicate; a tap centres a node (and opens its document), a double tap expands it in place.
import cytoscape, { type Core, type ElementDefinition } from 'cytoscape';
import type { Neighbourhood } from '../../src/view/neighbourhood.js';

const PALETTE = ['#0969da', '#2da44e', '#bf3989', '#9a6700', '#8250df', '#cf222e', '#1b7c83', '#6e7781', '#d1242f', '#116329'];

/** A stable colour per type name. */
export function typeColour(type: string | undefined): string {
  if (type === undefined) return '#afb8c1';
  let h = 0;
  for (let i = 0; i < type.length; i += 1) h = (h * 31 + type.charCodeAt(i)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}

export interface GraphView {
  cy: Core;
  show(n: Neighbourhood): void;
  merge(n: Neighbourhood): void;
}

/** Room each node takes on a ring, in model pixels. */
const SPACING = 36;

/**
 * Positions on rings around (cx, cy): the first ring holds 8 nodes, each next one as many as its
 * length allows. Computed here in one pass: Cytoscape's layouts measure every node and took a
 * third of a second for 500 nodes.
 */
export function ringPositions(count: number, cx: number, cy: number): Array<{ x: number; y: number }> {
  const out: Array<{ x: number; y: number }> = [];
  for (let ring = 1; out.length < count; ring += 1) {
    const radius = ring * SPACING * 2;
    const slots = Math.max(8, Math.floor((2 * Math.PI * radius) / SPACING));
    const here = Math.min(slots, count - out.length);
    for (let i = 0; i < here; i += 1) {
      const angle = (2 * Math.PI * i) / here + ring * 0.3;
      out.push({ x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle) });
    }
  }
  return out;
}

function elements(n: Neighbourhood, skip: (id: string) => boolean, at: { x: number; y: number }, centre: boolean): ElementDefinition[] {
  const fresh = n.nodes.filter((v) => !skip(v.id) && !(centre && v.id === n.center));
  const spots = ringPositions(fresh.length, at.x, at.y);
  const node = (v: Neighbourhood['nodes'][number], position: { x: number; y: number }): ElementDefinition => ({
    group: 'nodes',
    data: { id: v.id, label: v.label.length > 40 ? `${v.label.slice(0, 39)}…` : v.label, type: v.types[0] ?? '', colour: typeColour(v.types[0]) },
    position,
  });
  const centreNode = n.nodes.find((v) => v.id === n.center);
  const nodes = [...(centre && centreNode !== undefined ? [node(centreNode, at)] : []), ...fresh.map((v, i) => node(v, spots[i]!))];
  const edges = n.edges
    .map((e) => ({ group: 'edges' as const, data: { id: `${e.source} ${e.predicate} ${e.target}`, source: e.source, target: e.target, label: e.label } }))
    .filter((e) => !skip(e.data.id));
  return [...nodes, ...edges];
}

export function graphView(container: HTMLElement, onTap: (id: string) => void, onExpand: (id: string) => void): GraphView {
  const cy = cytoscape({
    container,
    style: [
      {
        selector: 'node',
        style: {
          'background-color': 'data(colour)',
          label: 'data(label)',
          'font-size': 9,
          width: 14,
          height: 14,
          'text-valign': 'bottom',
          'min-zoomed-font-size': 6,
        },
      },
      { selector: 'node.center', style: { width: 24, height: 24, 'border-width': 3, 'border-color': '#24292f' } },
      {
        selector: 'edge',
        style: {
          width: 1,
          'line-color': '#afb8c1',
          'target-arrow-shape': 'triangle',
          'target-arrow-color': '#afb8c1',
          'curve-style': 'straight',
          label: 'data(label)',
          'font-size': 7,
          color: '#57606a',
          'min-zoomed-font-size': 7,
        },
      },
    ],
    maxZoom: 1.6,
    textureOnViewport: true,
    hideEdgesOnViewport: true,
  });
  // Cytoscape maps a pointer to the graph through its container's place on the page, cached until
  // a window scroll or resize: a panel that loads above or beside the graph moves it without either,
  // and a click would land on the wrong node. Any change of the page's size reads the place again.
  new ResizeObserver(() => cy.resize()).observe(document.body);
  let center = '';
  const count = (): void => {
    container.dataset.nodes = String(cy.nodes().length);
    container.dataset.edges = String(cy.edges().length);
  };
  cy.on('tap', 'node', (event) => onTap(event.target.id() as string));
  cy.on('dbltap', 'node', (event) => onExpand(event.target.id() as string));
  return {
    cy,
    show(n) {
      center = n.center;
      cy.batch(() => {
        cy.elements().remove();
        cy.add(elements(n, () => false, { x: 0, y: 0 }, true));
        cy.$id(center).addClass('center');
      });
      cy.fit(undefined, 20);
      count();
      container.dataset.center = center;
    },
    merge(n) {
      const from = cy.$id(n.center);
      const at = from.empty() ? { x: 0, y: 0 } : from.position();
      cy.batch(() => {
        cy.add(elements(n, (id) => !cy.getElementById(id).empty(), at, from.empty()));
      });
      cy.fit(undefined, 20);
      count();
    },
  };
}
