// The tests' one seeded pseudo-random generator: the generated series (series.ts) and the Shopify
// simulator's generated stores (test/simulators/shopify/store.ts) draw from it, so a seed always
// gives the same data. (src/demo/rng.ts is the demo seed's own generator, seeded from labels.)

/** Mulberry32: a small generator of numbers in [0, 1) from a 32-bit seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
