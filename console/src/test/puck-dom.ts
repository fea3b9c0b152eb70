/**
 * What Puck (the CMS page editor, decision 050) needs of a browser that jsdom lacks: it measures its
 * panels, asks the screen's width and what is under the pointer. Imported first by its tests.
 */
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
document.elementsFromPoint ??= () => [];
