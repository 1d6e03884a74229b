/** "1 row", "2 rows", "1,000 rows". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The wizard's noun counted: it is given as a regular plural ("gifts", "partners"). */
export const countOf = (n: number, noun: string) => plural(n, noun.replace(/s$/, ''), noun);
