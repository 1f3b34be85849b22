import { describe, expect, it, vi } from 'vitest';
import { defineEvent } from './events';

describe('defineEvent', () => {
  it('runs every listener in the order they subscribed, and waits for them', async () => {
    const event = defineEvent<{ id: string }>('test.happened');
    const heard: string[] = [];
    event.on(async ({ id }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      heard.push(`first ${id}`);
    });
    event.on(({ id }) => void heard.push(`second ${id}`));
    await event.emit({ id: 'a' });
    expect(heard).toEqual(['first a', 'second a']);
  });

  it('a failing listener is logged and does not stop the others or the emitter', async () => {
    const event = defineEvent<number>('test.failing');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const heard: number[] = [];
    event.on(() => {
      throw new Error('boom');
    });
    event.on((n) => void heard.push(n));
    await expect(event.emit(7)).resolves.toBeUndefined();
    expect(heard).toEqual([7]);
    expect(error).toHaveBeenCalledWith('[events] a listener of test.failing failed', expect.any(Error));
    error.mockRestore();
  });

  it('a listener removed hears nothing more; one added twice hears once', async () => {
    const event = defineEvent<string>('test.removal');
    const heard: string[] = [];
    const listener = (s: string) => void heard.push(s);
    const off = event.on(listener);
    event.on(listener);
    await event.emit('once');
    off();
    await event.emit('never');
    expect(heard).toEqual(['once']);
  });
});
