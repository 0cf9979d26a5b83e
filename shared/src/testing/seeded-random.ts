/**
 * A small seeded generator for property tests (mulberry32): the same seed gives the same cases on
 * every run and machine, so a failure names a case that can be replayed.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    /** A float in [0, 1). */
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** One of `values`. */
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T,
  };
}
