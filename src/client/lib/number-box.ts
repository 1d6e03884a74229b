/**
 * What a draft keeps for a `type="number"` box. The browser hands over '' both when the box is
 * empty and when it holds text that is not a number (a half-typed "1e", a lone "-"), and keeps
 * that text to itself. Read with `numberBoxText`, the second is kept as `NOT_A_NUMBER`, so saving
 * can say so instead of taking it as no value. `numberBoxValue` gives the box '' back for it,
 * which is what the box reports, so React leaves the typed text on screen.
 */
export const NOT_A_NUMBER = 'NaN';

export const numberBoxText = (input: HTMLInputElement) => (input.validity.badInput ? NOT_A_NUMBER : input.value);

export const numberBoxValue = (text: string) => (text === NOT_A_NUMBER ? '' : text);
