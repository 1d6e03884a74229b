import { beforeEach, describe, expect, it, vi } from 'vitest';

// sonner's toast, recorded: which toasts were raised and which were closed, in order.
const calls = vi.hoisted(() => [] as string[]);
const options = vi.hoisted(() => new Map<string, { onDismiss?: (t: unknown) => void }>());
vi.mock('sonner', () => {
  const raise = (kind: string) => (message: string, data: { id: string; onDismiss?: (t: unknown) => void }) => {
    calls.push(`${kind} ${message} ${data.id}`);
    options.set(data.id, data);
    return data.id;
  };
  return {
    toast: {
      success: raise('success'),
      error: raise('error'),
      info: raise('info'),
      dismiss: (id: string) => calls.push(`dismiss ${id}`),
    },
  };
});

const { actionToasts, toast, MAX_OPEN_TOASTS } = await import('./toast');
/** Lets the toasts raised so far reach sonner (it is loaded on demand). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** The ids of the toasts raised since `from`. */
const raisedIds = (from = 0) =>
  calls
    .slice(from)
    .filter((c) => !c.startsWith('dismiss'))
    .map((c) => c.split(' ').at(-1)!);

describe('toast (issue 27 item 8)', () => {
  beforeEach(async () => {
    // Close whatever an earlier test left open, as the person would.
    for (const id of raisedIds()) options.get(id)?.onDismiss?.({});
    calls.length = 0;
    await settle();
  });

  it('replaces an open error with the same title: the newest shows, once', async () => {
    toast.error('Failed to add partner', { description: 'first' });
    toast.error('Failed to add partner', { description: 'second' });
    await settle();
    const [first, second] = raisedIds();
    expect(calls).toEqual([
      `error Failed to add partner ${first}`,
      `dismiss ${first}`,
      `error Failed to add partner ${second}`,
    ]);
    expect(first).not.toBe(second);
  });

  it('keeps errors with different titles, and successes with the same one', async () => {
    toast.error('Failed to add partner');
    toast.error('Failed to load coordinators');
    await settle();
    expect(calls.filter((c) => c.startsWith('dismiss'))).toEqual([]);
    for (const id of raisedIds()) options.get(id)?.onDismiss?.({});
    calls.length = 0;
    toast.success('Permission updated');
    toast.success('Permission updated');
    await settle();
    expect(calls.filter((c) => c.startsWith('dismiss'))).toEqual([]);
  });

  it('replaces by the caller’s id when one is given, whatever the title', async () => {
    toast.error('Failed to load your settings', { id: 'settings-load-error' });
    toast.error('Still failing', { id: 'settings-load-error' });
    await settle();
    expect(calls[1]).toBe(`dismiss ${raisedIds()[0]}`);
  });

  it("closes an action's error when the same action succeeds, and leaves other toasts", async () => {
    const adding = actionToasts('add-donation');
    toast.error('Failed to load coordinators');
    adding.error('Validation error', { description: 'Amount must be greater than 0' });
    await settle();
    const [other, invalid] = raisedIds();
    adding.success('Donation added');
    await settle();
    expect(calls.slice(2)).toEqual([`dismiss ${invalid}`, `success Donation added ${raisedIds().at(-1)}`]);
    expect(calls).not.toContain(`dismiss ${other}`);
  });

  it("closes an action's error on dismiss, before the success its screen raises, and leaves other toasts", async () => {
    const changing = actionToasts('change-password');
    toast.error('Failed to load sessions');
    changing.error('Failed to change password', { description: 'Your current password is not right' });
    await settle();
    const [other, wrong] = raisedIds();
    changing.dismiss();
    toast.success('Password changed successfully');
    await settle();
    expect(calls.slice(2)).toEqual([`dismiss ${wrong}`, `success Password changed successfully ${raisedIds().at(-1)}`]);
    expect(calls).not.toContain(`dismiss ${other}`);
  });

  it(`closes the oldest when more than ${MAX_OPEN_TOASTS} are open`, async () => {
    for (let i = 1; i <= MAX_OPEN_TOASTS + 1; i++) toast.success(`Saved ${i}`);
    await settle();
    const ids = raisedIds();
    expect(calls.filter((c) => c.startsWith('dismiss'))).toEqual([`dismiss ${ids[0]}`]);
  });

  it('forgets a toast the person closed, so it is not closed again or counted', async () => {
    toast.error('Failed to save');
    await settle();
    options.get(raisedIds()[0]!)?.onDismiss?.({});
    toast.error('Failed to save');
    await settle();
    expect(calls.filter((c) => c.startsWith('dismiss'))).toEqual([]);
  });
});
