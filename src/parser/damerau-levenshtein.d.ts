declare module 'damerau-levenshtein' {
  /** Damerau–Levenshtein distance: `steps` edits, transpositions counting one. */
  export default function damerau(
    a: string,
    b: string,
    limit?: number,
  ): { steps: number; relative: number; similarity: number };
}
