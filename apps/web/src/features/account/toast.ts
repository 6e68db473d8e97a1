import { TOAST_DURATION_MS } from '@qualis/contract';
import { message } from 'antd';

/**
 * A success toast that outlives the page showing it (several flows toast, then leave for /login).
 * Errors go through the API client's toast host; this is only for good news.
 */
export function toastSuccess(text: string) {
  void message.success({ content: text, duration: TOAST_DURATION_MS / 1000 });
}
