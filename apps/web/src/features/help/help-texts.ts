import { i18n } from '../../shared/i18n';

// Listed in the Help page's own code, so that no other page downloads or even lists them.
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/help.json', { import: 'default' });
const loading = new Map<string, Promise<void>>();

/** Adds one language's help texts to the namespace `help`, once; a failed download is tried again next time. */
function load(code: string): Promise<void> {
  let promise = loading.get(code);
  if (!promise) {
    promise = files[`../../locales/${code}/help.json`]!().then((texts) => {
      i18n.addResourceBundle(code, 'help', texts, true, true);
    });
    promise.catch(() => loading.delete(code));
    loading.set(code, promise);
  }
  return promise;
}

const ready = new Map<string, Promise<void>>();

/**
 * The help texts of a language and of English (the fallback), as one promise per language for
 * React's `use`: the page waits for them when it first opens and when the language changes.
 */
export function helpTextsOf(code: string): Promise<void> {
  let promise = ready.get(code);
  if (!promise) {
    promise = Promise.all([load('en'), load(code)]).then(() => {});
    promise.catch(() => ready.delete(code));
    ready.set(code, promise);
  }
  return promise;
}
