import { describe, expect, it } from 'vitest';
import { asBackgroundWork, ForegroundFirst, isBackgroundWork } from './background-work';

const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('background work gives way to people (decision 0141)', () => {
  it('is known by everything it awaits, and only there', async () => {
    expect(isBackgroundWork()).toBe(false);
    const seen = await asBackgroundWork(async () => {
      await after(1);
      return isBackgroundWork();
    });
    expect(seen).toBe(true);
    expect(isBackgroundWork()).toBe(false);
  });

  it('starts at once when no person is waiting for the database', async () => {
    const gate = new ForegroundFirst(20, 1000);
    const started = performance.now();
    await gate.giveWay();
    expect(performance.now() - started).toBeLessThan(15);
  });

  it("waits until a person's statement is answered and the quiet gap has passed", async () => {
    const gate = new ForegroundFirst(20, 5000);
    let answeredAt = 0;
    const person = gate.foreground(async () => {
      await after(60);
      answeredAt = performance.now();
    });
    await gate.giveWay();
    const startedAt = performance.now();
    await person;
    expect(answeredAt).toBeGreaterThan(0);
    // The job started after the answer, and after the gap that lets the next statement in.
    expect(startedAt - answeredAt).toBeGreaterThanOrEqual(19);
  });

  it('waits at most its limit, so a steady stream of requests never stops a job', async () => {
    const gate = new ForegroundFirst(5, 80);
    const person = gate.foreground(() => after(400));
    const started = performance.now();
    await gate.giveWay();
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(79);
    expect(waited).toBeLessThan(300);
    await person;
  });
});
