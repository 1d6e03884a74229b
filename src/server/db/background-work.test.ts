import { describe, expect, it } from 'vitest';
import { asBackgroundWork, ForegroundFirst, isBackgroundWork, MIN_PIECE_ROWS, PieceSizer } from './background-work';

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

describe('pieces of background work sized by how long they take (decision 0144)', () => {
  it('starts small, then sizes each piece to take the target at the rate measured', () => {
    const pieces = new PieceSizer(10, 250, 20);
    expect(pieces.rows).toBe(20);
    pieces.took(20, 4); // 0.2 ms a row
    expect(pieces.rows).toBe(50);
    pieces.took(50, 10); // still 0.2 ms a row
    expect(pieces.rows).toBe(50);
  });

  it('shrinks the next piece after a slow one, by half the change, and grows back', () => {
    const pieces = new PieceSizer(10, 250, 10);
    pieces.took(100, 10); // 0.1 ms a row: 100 rows
    expect(pieces.rows).toBe(100);
    pieces.took(100, 50); // one slow piece, 0.5 ms a row: the rate is taken as 0.3
    expect(pieces.rows).toBe(33);
    pieces.took(33, 3.3);
    pieces.took(100, 10);
    expect(pieces.rows).toBeGreaterThan(60);
  });

  it('never goes above its most rows nor below its fewest', () => {
    const pieces = new PieceSizer(10, 250, 50);
    pieces.took(100, 0); // faster than the clock can tell
    expect(pieces.rows).toBe(250);
    const slow = new PieceSizer(10, 250, 50);
    slow.took(50, 500);
    expect(slow.rows).toBe(50);
  });

  it('answers the same number every time when fixed, whatever it is told', () => {
    const pieces = PieceSizer.fixed(500);
    expect(pieces.rows).toBe(500);
    pieces.took(500, 10_000);
    expect(pieces.rows).toBe(500);
  });

  it('starts at most rows when it may hold fewer than the usual fewest', () => {
    expect(new PieceSizer(10, 30).rows).toBe(30);
    expect(new PieceSizer(10, 250).rows).toBe(MIN_PIECE_ROWS);
  });
});
