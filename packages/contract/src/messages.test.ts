import { describe, expect, it } from 'vitest';
import { messageKeyOf, messages } from './messages.js';

describe('messageKeyOf', () => {
  it('finds every catalogue text by itself: no two texts are equal', () => {
    const texts = Object.values(messages);
    expect(new Set(texts).size).toBe(texts.length);
    for (const [key, text] of Object.entries(messages)) {
      if (!text.includes('{')) expect(messageKeyOf(text), key).toEqual({ messageKey: key });
    }
  });

  it('recovers the values of the placeholders, and knows no other text', () => {
    expect(messageKeyOf('The Welcome Email is sent to the User email a.b@c.test')).toEqual({
      messageKey: 'welcomeMailSent',
      messageParams: { role: 'User', email: 'a.b@c.test' },
    });
    expect(messageKeyOf('Please, switch on "View all documents" first.')).toEqual({
      messageKey: 'permissionRequiresParent',
      messageParams: { permission: 'View all documents' },
    });
    expect(messageKeyOf('Invalid input: expected string')).toBeUndefined();
    expect(messageKeyOf(`${messages.notFound} `)).toBeUndefined();
  });
});
