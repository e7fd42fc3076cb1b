// A small seeded pseudo-random number generator for the demo data. The demo must be identical
// every time it is generated for the same day, so nothing here touches Math.random or the clock.
//
// The core is sfc32 (Chris Doty-Humphrey's "small fast counting" generator, 128 bits of state),
// seeded from a text label through a hash. Independent streams are made with fork(label), so
// that changing how one part of the demo draws numbers does not shift every other part.

const TWO_POW_32 = 4_294_967_296;

/** Final avalanche step of a 32-bit hash: every input bit affects every output bit. */
function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85eb_ca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2_ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Four 32-bit words derived from a label: FNV-1a over the text, once per lane, then mixed. */
export function seedWords(label: string): [number, number, number, number] {
  const lanes = [0x811c_9dc5, 0x9e37_79b9, 0x6a09_e667, 0xbb67_ae85];
  const words = lanes.map((basis, lane) => {
    let h = basis;
    for (let i = 0; i < label.length; i++) {
      h = Math.imul(h ^ label.charCodeAt(i), 0x0100_0193);
    }
    return mix32(h ^ Math.imul(label.length + 1, lane + 1));
  });
  return [words[0] ?? 0, words[1] ?? 0, words[2] ?? 0, words[3] ?? 0];
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  /** Box-Muller makes normals in pairs; the second one waits here. */
  private spareNormal: number | null = null;

  constructor(readonly label: string) {
    [this.a, this.b, this.c, this.d] = seedWords(label);
    // The first outputs of sfc32 still show the seed's structure; discard them.
    for (let i = 0; i < 16; i++) this.nextUint32();
  }

  /** An independent stream, reproducible from this stream's label and the sub-label. */
  fork(subLabel: string): Rng {
    return new Rng(`${this.label}/${subLabel}`);
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /** Uniform in [min, max). */
  float(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Index i with probability weights[i] / sum(weights). */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    if (!(total > 0)) throw new Error('weighted pick needs a positive total weight');
    let target = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      target -= weights[i] ?? 0;
      if (target < 0) return i;
    }
    return weights.length - 1;
  }

  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    return items[this.weightedIndex(weights)] as T;
  }

  /** Normal distribution, by the Box-Muller transform. */
  normal(mean = 0, sd = 1): number {
    if (this.spareNormal !== null) {
      const z = this.spareNormal;
      this.spareNormal = null;
      return mean + sd * z;
    }
    const u1 = 1 - this.next(); // in (0, 1], so the logarithm is finite
    const u2 = this.next();
    const radius = Math.sqrt(-2 * Math.log(u1));
    this.spareNormal = radius * Math.sin(2 * Math.PI * u2);
    return mean + sd * radius * Math.cos(2 * Math.PI * u2);
  }

  /** A multiplicative noise factor around 1 (log-normal with the given spread). */
  noise(sd: number): number {
    return Math.exp(this.normal(0, sd));
  }

  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /** Pareto (heavy tail): most draws are near `scale`, a few are many times larger. */
  pareto(alpha: number, scale = 1): number {
    return scale / Math.pow(1 - this.next(), 1 / alpha);
  }

  /** Fisher-Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }

  /** A string of characters drawn from the alphabet. */
  token(length: number, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}

/**
 * Weighted sampling many times from the same weights: cumulative sums and a binary search,
 * so each draw costs O(log n) instead of O(n).
 */
export class WeightedTable<T> {
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    weights: readonly number[],
  ) {
    if (items.length !== weights.length) throw new Error('items and weights differ in length');
    let sum = 0;
    for (const w of weights) {
      sum += Math.max(0, w);
      this.cumulative.push(sum);
    }
    if (!(sum > 0)) throw new Error('weighted table needs a positive total weight');
    this.total = sum;
  }

  sampleIndex(rng: Rng): number {
    const target = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] ?? 0) > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  sample(rng: Rng): T {
    return this.items[this.sampleIndex(rng)] as T;
  }
}

/**
 * Weighted sampling while the weights change between draws (a Fenwick tree over integer
 * weights: set and sample are O(log n)). Integer weights keep additions and removals exact,
 * so a weight set back to zero can never be drawn.
 */
export class DynamicWeights {
  private readonly tree: number[];
  private readonly weights: number[];
  private sum = 0;

  constructor(readonly size: number) {
    this.tree = new Array<number>(size + 1).fill(0);
    this.weights = new Array<number>(size).fill(0);
  }

  get total(): number {
    return this.sum;
  }

  set(index: number, weight: number): void {
    if (!Number.isInteger(weight) || weight < 0) throw new Error(`weight must be a non-negative integer, got ${weight}`);
    const delta = weight - (this.weights[index] ?? 0);
    if (delta === 0) return;
    this.weights[index] = weight;
    this.sum += delta;
    for (let i = index + 1; i <= this.size; i += i & -i) this.tree[i] = (this.tree[i] ?? 0) + delta;
  }

  sampleIndex(rng: Rng): number {
    if (this.sum <= 0) throw new Error('sample from an empty weight set');
    let target = Math.floor(rng.next() * this.sum);
    // Walk down the tree: find the last position whose prefix sum is <= target.
    let pos = 0;
    let step = 1;
    while (step * 2 <= this.size) step *= 2;
    for (; step > 0; step >>= 1) {
      const next = pos + step;
      const node = this.tree[next] ?? 0;
      if (next <= this.size && node <= target) {
        pos = next;
        target -= node;
      }
    }
    return pos; // the 1-based position pos + 1, as a 0-based index
  }
}
