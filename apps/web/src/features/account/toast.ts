import { notify } from '../../shared/bridges';

/** A success toast in the app's one toast host, which outlives the page (several flows toast, then leave for /login). */
export function toastSuccess(text: string) {
  notify(text, 'success');
}
