import type { FastifyInstance } from 'fastify';
import { messageKeyOf } from '@qualis/contract';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The holder of a `message` with the message's catalogue key and placeholder values added. */
export function withMessageKey<T extends { message: string }>(holder: T): T {
  const keyed = messageKeyOf(holder.message);
  return keyed ? { ...holder, ...keyed } : holder;
}

/**
 * Every success text an answer carries (`{ data: { message } }` or `{ data, message }`) gets its
 * catalogue key next to the English text, so the web can show it in the person's language.
 * Routes keep answering with the text; error items get their key in `errorEnvelope`.
 */
export function registerMessageKeys(app: FastifyInstance) {
  app.addHook('preSerialization', async (_request, _reply, payload: unknown) => {
    if (!isRecord(payload)) return payload;
    let answer: Record<string, unknown> =
      typeof payload.message === 'string' ? withMessageKey({ ...payload, message: payload.message }) : payload;
    const data = answer.data;
    if (isRecord(data) && typeof data.message === 'string') {
      answer = { ...answer, data: withMessageKey({ ...data, message: data.message }) };
    }
    return answer;
  });
}
