import { plural } from '@/lib/plural';

/** The wizard's noun counted: it is given as a regular plural ("gifts", "partners"). */
export const countOf = (n: number, noun: string) => plural(n, noun.replace(/s$/, ''), noun);
