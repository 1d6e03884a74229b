import { describe, expect, it } from 'vitest';
import { TOAST_BAND, TOAST_EDGE, TOAST_WIDTH, toastPlacement, unionOf } from './toast-placement';

const desk = { width: 1280, height: 720 };
const phone = { width: 390, height: 844 };
const box = (left: number, top: number, right: number, bottom: number) => ({ left, top, right, bottom });

describe('toastPlacement', () => {
  it("is in the middle of the top when no dialog is open, clear of the header's actions on the right", () => {
    expect(toastPlacement(desk, null)).toEqual({ position: 'top-center' });
    expect(toastPlacement(phone, null)).toEqual({ position: 'top-center' });
  });

  it('stays there when the toasts fit above the dialog', () => {
    expect(toastPlacement(desk, box(384, TOAST_BAND, 896, 500))).toEqual({ position: 'top-center' });
  });

  it('stays at the top, beside a tall dialog, when the side is wide enough, narrowing the toast to fit', () => {
    // A 448 px dialog in the middle of 1280 px leaves 416 px on its right: room for a whole toast.
    expect(toastPlacement(desk, box(416, 36, 864, 684))).toEqual({ position: 'top-right', width: TOAST_WIDTH });
    // A 672 px one leaves 304 px: the toast is narrowed to what is left after the edges.
    expect(toastPlacement(desk, box(304, 36, 976, 684))).toEqual({
      position: 'top-right',
      width: 1280 - 976 - 2 * TOAST_EDGE,
    });
  });

  it('goes to the bottom when neither the top nor a side is free, away from the close button', () => {
    // A 960 px wide dialog on a desk, and any tall dialog on a phone (toasts span the phone's width).
    expect(toastPlacement(desk, box(160, 36, 1120, 684))).toEqual({ position: 'bottom-right' });
    expect(toastPlacement(phone, box(16, 42, 374, 802))).toEqual({ position: 'bottom-right' });
  });

  it('treats a phone as having no free side, however narrow the dialog', () => {
    expect(toastPlacement({ width: 600, height: 800 }, box(0, 20, 100, 780))).toEqual({ position: 'bottom-right' });
  });
});

describe('unionOf', () => {
  it('is null without dialogs and spans every open dialog otherwise', () => {
    expect(unionOf([])).toBeNull();
    expect(unionOf([box(100, 50, 500, 600), box(300, 200, 700, 400)])).toEqual(box(100, 50, 700, 600));
  });
});
