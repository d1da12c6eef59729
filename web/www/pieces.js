// The pieces as drawings: the project's own simple pictures of the six animals, drawn
// into a piece's SVG group around its centre, within the piece's disc (radius 19). Each
// picture is a list of shapes in a 30 x 30 box centred on (0, 0); the kind names are
// those of the state's layout (`layout.pieces[letter].kind`).

const SVG = 'http://www.w3.org/2000/svg';

// [element, attributes] for each kind. `dark` shapes are filled with the stroke colour.
const PICTURES = {
  elephant: [
    ['ellipse', { cx: -8, cy: -2, rx: 6, ry: 8 }],
    ['ellipse', { cx: 8, cy: -2, rx: 6, ry: 8 }],
    ['circle', { cx: 0, cy: -3, r: 7 }],
    ['path', { d: 'M -2 2 Q -3 9 1 13 L 3 12 Q 1 8 2 2 Z' }],
    ['path', { d: 'M -4 2 L -6 6 M 4 2 L 6 6', class: 'line' }],
    ['circle', { cx: -3, cy: -5, r: 1.1, class: 'dark' }],
    ['circle', { cx: 3, cy: -5, r: 1.1, class: 'dark' }],
  ],
  camel: [
    ['path', { d: 'M -13 4 Q -11 -5 -6 -1 Q -2 -9 3 -1 L 6 -1 L 8 -8 L 12 -9 L 13 -6 L 10 -6 L 9 4 Z' }],
    ['path', { d: 'M -11 4 L -11 12 M -7 4 L -7 12 M 3 4 L 3 12 M 7 4 L 7 12', class: 'line' }],
    ['circle', { cx: 11, cy: -7.5, r: 0.9, class: 'dark' }],
  ],
  horse: [
    ['path', { d: 'M -7 13 L -5 1 Q -5 -9 2 -12 L 3 -15 L 5 -12 Q 11 -8 12 1 Q 12 4 9 4 L 6 2 Q 2 6 4 13 Z' }],
    ['path', { d: 'M -5 -1 Q -3 -8 1 -11', class: 'line' }],
    ['circle', { cx: 4, cy: -5, r: 1.2, class: 'dark' }],
  ],
  dog: [
    ['ellipse', { cx: -8, cy: 0, rx: 3.5, ry: 8, transform: 'rotate(20 -8 0)', class: 'dark' }],
    ['ellipse', { cx: 8, cy: 0, rx: 3.5, ry: 8, transform: 'rotate(-20 8 0)', class: 'dark' }],
    ['circle', { cx: 0, cy: 1, r: 8 }],
    ['ellipse', { cx: 0, cy: 6, rx: 2.5, ry: 1.8, class: 'dark' }],
    ['circle', { cx: -3, cy: -1, r: 1.1, class: 'dark' }],
    ['circle', { cx: 3, cy: -1, r: 1.1, class: 'dark' }],
  ],
  cat: [
    ['path', { d: 'M -9 -1 L -8 -12 L -2 -6 Z M 9 -1 L 8 -12 L 2 -6 Z' }],
    ['circle', { cx: 0, cy: 2, r: 8.5 }],
    ['path', { d: 'M -1.5 4 L 1.5 4 L 0 5.5 Z', class: 'dark' }],
    ['path', { d: 'M -3 6 L -13 4 M -3 7 L -13 9 M 3 6 L 13 4 M 3 7 L 13 9', class: 'line' }],
    ['ellipse', { cx: -3.5, cy: 0, rx: 1, ry: 1.8, class: 'dark' }],
    ['ellipse', { cx: 3.5, cy: 0, rx: 1, ry: 1.8, class: 'dark' }],
  ],
  rabbit: [
    ['ellipse', { cx: -3.5, cy: -7, rx: 2.8, ry: 7.5, transform: 'rotate(-10 -3.5 -7)' }],
    ['ellipse', { cx: 3.5, cy: -7, rx: 2.8, ry: 7.5, transform: 'rotate(10 3.5 -7)' }],
    ['circle', { cx: 0, cy: 5, r: 6.5 }],
    ['circle', { cx: -2.3, cy: 4, r: 1, class: 'dark' }],
    ['circle', { cx: 2.3, cy: 4, r: 1, class: 'dark' }],
    ['circle', { cx: 0, cy: 7, r: 1, class: 'dark' }],
  ],
};

// Draws the picture of `kind` centred on (x, y) into `parent` (a piece's group), as a
// group of class `animal` with `data-kind`. Unknown kinds draw nothing.
export function drawAnimal(parent, kind, x, y) {
  const shapes = PICTURES[kind];
  if (!shapes) return null;
  const g = document.createElementNS(SVG, 'g');
  g.setAttribute('class', 'animal');
  g.setAttribute('data-kind', kind);
  g.setAttribute('transform', `translate(${x} ${y})`);
  for (const [name, attrs] of shapes) {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    g.appendChild(e);
  }
  parent.appendChild(g);
  return g;
}
