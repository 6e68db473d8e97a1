import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { message } from 'antd';
import { afterAll, afterEach, vi } from 'vitest';
import { changeLanguage, currentLanguage, loadAllTexts } from '../shared/i18n';
import { saveFile } from '../shared/save-file';

// jsdom cannot download (it has no navigation): every test's downloads are the calls of this mock.
// The files of a worker share their modules (isolate: false in vitest.config.ts), so a page loaded
// by one file keeps the saveFile it was loaded with, while each file's set-up mocks the module
// again: every mock of it hands out one function, kept on globalThis.
vi.mock('../shared/save-file', () => {
  const shared = globalThis as { qualisSaveFile?: () => void };
  shared.qualisSaveFile ??= vi.fn();
  return { saveFile: shared.qualisSaveFile };
});

// Page tests render pages directly, without the routes that load the texts beyond sign-in.
await loadAllTexts();

// Role queries normally compute every element's visibility from its styles, which with Ant
// Design's CSS-in-JS is the slowest part of a page test; closed dialogs are removed from the
// DOM here anyway, so the check adds nothing.
configure({ defaultHidden: true });
// The suite runs on two shared cores beside the API and browser suites: a re-render that takes a
// few hundred milliseconds on a quiet machine can take seconds there, so the queries that wait
// (findBy*, waitFor) wait that long before they fail.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks what antd measures layouts with. Width queries answer for the window's width
// (jsdom's 1024 px, a desktop), so pages render their wide layout unless a test narrows it.
const widthMatches = (query: string) => {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  return (!min || window.innerWidth >= Number(min[1])) && (!max || window.innerWidth <= Number(max[1]));
};
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: widthMatches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!window.PointerEvent) {
  window.PointerEvent = class PointerEvent extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
    }
  } as typeof window.PointerEvent;
}
// jsdom does not implement pseudo-element styles; antd asks for them when measuring scrollbars.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(async () => {
  cleanup();
  vi.mocked(saveFile).mockClear();
  // The next file of this worker starts in English, whatever a test switched to.
  if (currentLanguage() !== 'en') await changeLanguage('en');
  localStorage.clear();
  sessionStorage.clear();
});

// Static toasts render in their own root on timers. Close them and let React finish that work
// while jsdom still exists, or it runs after the file's environment is gone.
afterAll(async () => {
  message.destroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
  // The files of a worker share one document: the styles Ant Design put into it (tests that render
  // without TestProviders, and its CSS variables) would pile up and slow every later file's
  // getComputedStyle. A later render puts back what it needs.
  for (const style of document.head.querySelectorAll('style[data-css-hash]')) style.remove();
});
