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

function elements(n: Neighbourhood): ElementDefinition[] {
  const nodes = n.nodes.map((v) => ({
    group: 'nodes' as const,
    data: { id: v.id, label: v.label.length > 40 ? `${v.label.slice(0, 39)}…` : v.label, type: v.types[0] ?? '', colour: typeColour(v.types[0]) },
  }));
  const edges = n.edges.map((e) => ({ group: 'edges' as const, data: { id: `${e.source} ${e.predicate} ${e.target}`, source: e.source, target: e.target, label: e.label } }));
  return [...nodes, ...edges];
}

export function graphView(container: HTMLElement, onTap: (id: string) => void, onExpand: (id: string) => void): GraphView {
  const cy = cytoscape({
    container,
    style: [
      { selector: 'node', style: { 'background-color': 'data(colour)', label: 'data(label)', 'font-size': 9, width: 14, height: 14, 'text-valign': 'bottom', 'min-zoomed-font-size': 6 } },
      { selector: 'node.center', style: { width: 24, height: 24, 'border-width': 3, 'border-color': '#24292f' } },
      {
        selector: 'edge',
        style: { width: 1, 'line-color': '#afb8c1', 'target-arrow-shape': 'triangle', 'target-arrow-color': '#afb8c1', 'curve-style': 'straight', label: 'data(label)', 'font-size': 7, color: '#57606a', 'min-zoomed-font-size': 7 },
      },
    ],
    maxZoom: 2.5,
    textureOnViewport: true,
    hideEdgesOnViewport: true,
  });
  const layout = (center: string): void => {
    cy.elements()
      .layout({ name: 'concentric', concentric: (node) => (node.id() === center ? 2 : 1), levelWidth: () => 1, minNodeSpacing: 8, animate: false })
      .run();
  };
  let center = '';
  cy.on('tap', 'node', (event) => onTap(event.target.id() as string));
  cy.on('dbltap', 'node', (event) => onExpand(event.target.id() as string));
  return {
    cy,
    show(n) {
      center = n.center;
      cy.batch(() => {
        cy.elements().remove();
        cy.add(elements(n));
        cy.$id(center).addClass('center');
      });
      layout(center);
      container.dataset.nodes = String(cy.nodes().length);
      container.dataset.edges = String(cy.edges().length);
      container.dataset.center = center;
    },
    merge(n) {
      cy.batch(() => {
        for (const el of elements(n)) if (cy.getElementById(el.data.id as string).empty()) cy.add(el);
      });
      layout(center);
      container.dataset.nodes = String(cy.nodes().length);
      container.dataset.edges = String(cy.edges().length);
    },
  };
}
