import { defineMechanic } from './define.ts';

/** The live standings of another promotion's tournament (its `of`), final after it ends. */
export const broadcast = defineMechanic('broadcast', {
  template: 'broadcast',
  widget: 'broadcast-board',
  widgetShown: 'always',
  prizeTiming: 'none',
  terms: [],
});

/** An information page (casino sections, the licence, the latest winners): nothing to take part in. */
export const info = defineMechanic('info', {
  template: 'info',
  widget: null,
  prizeTiming: 'none',
  terms: [],
});
