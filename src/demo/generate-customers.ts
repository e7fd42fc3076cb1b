// The demo's customers, generated in memory (pure functions: no database access): they sign up
// over time and buy with Pareto-skewed frequency (assignBuyers gives each order its buyer).
import type { CommerceSource } from '../domain/shared/enums.ts';
import { COUNTRIES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, type CountryInfo } from './catalog.ts';
import { at, CUSTOMER_COUNT, DAY_MS, HOUR_MS, type Timeline } from './generate-time.ts';
import { DynamicWeights, type Rng } from './rng.ts';

// ---------------------------------------------------------------------------------------------
// Customers

export const SOURCES: ReadonlyArray<{
  source: CommerceSource;
  db: string;
  store: string;
  weight: number;
  countries: ReadonlyArray<readonly [string, number]>;
}> = [
  {
    source: 'shopify',
    db: 'shopify',
    store: 'demo-store',
    weight: 55,
    countries: [
      ['US', 72],
      ['CA', 12],
      ['GB', 9],
      ['AU', 4],
      ['DE', 3],
    ],
  },
  {
    source: 'woo_commerce',
    db: 'woo-commerce',
    store: 'demo-woo',
    weight: 30,
    countries: [
      ['US', 58],
      ['GB', 14],
      ['CA', 10],
      ['ES', 10],
      ['DE', 8],
    ],
  },
  {
    source: 'mercado_libre',
    db: 'mercado-libre',
    store: 'demo-meli',
    weight: 15,
    countries: [
      ['MX', 32],
      ['AR', 24],
      ['BR', 24],
      ['CL', 12],
      ['CO', 8],
    ],
  },
];

export interface CustomerSeed {
  email: string;
  name: string;
  phone: string | null;
  source: CommerceSource;
  externalId: string;
  city: string;
  country: string;
  createdAt: number;
  /** Relative purchase frequency once the customer has bought (Pareto: a few buy a lot). */
  weight: number;
  /** Some people sign up and never buy. */
  willBuy: boolean;
  /** When the customer stops buying (Infinity for those who stay). */
  churnAt: number;
}

/** Sign-up instant: spread over CUSTOMER_DAYS, a little denser recently (the store grows). */
function signupTime(rng: Rng, timeline: Timeline): number {
  // Inverse of the CDF of a linear density 1 + g*x on [0, 1].
  const g = 0.5;
  const x = (-1 + Math.sqrt(1 + 2 * g * rng.next() * (1 + g / 2))) / g;
  const span = timeline.latest - HOUR_MS - timeline.accountStart;
  return timeline.accountStart + Math.floor((x * span) / 1_000) * 1_000;
}

/** Plain ASCII for email local parts: "José O'Brien" -> "jose", "obrien". */
function emailPart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function uniqueEmail(rng: Rng, first: string, last: string, taken: Set<string>): string {
  const f = emailPart(first);
  const l = emailPart(last);
  const domain = rng.weighted(
    EMAIL_DOMAINS.map(([d]) => d),
    EMAIL_DOMAINS.map(([, w]) => w),
  );
  const styles = [`${f}.${l}`, `${f}${l}`, `${f.charAt(0)}${l}`, `${f}_${l}${rng.int(70, 99)}`, `${f}${l.charAt(0)}${rng.int(1, 999)}`];
  let local = rng.pick(styles);
  for (let n = 2; taken.has(`${local}@${domain}`); n++) local = `${rng.pick(styles)}${n}`;
  const email = `${local}@${domain}`;
  taken.add(email);
  return email;
}

function phoneFor(rng: Rng, country: string): string | null {
  if (!rng.chance(0.6)) return null;
  // 555-01xx numbers are reserved for fiction in North America; other countries get none.
  if (country !== 'US' && country !== 'CA') return null;
  return `+1-${rng.int(201, 989)}-555-01${String(rng.int(0, 99)).padStart(2, '0')}`;
}

export function buildCustomers(rng: Rng, timeline: Timeline): CustomerSeed[] {
  const taken = new Set<string>();
  const customers: CustomerSeed[] = [];
  for (let i = 0; i < CUSTOMER_COUNT; i++) {
    const src = rng.weighted(
      SOURCES,
      SOURCES.map((s) => s.weight),
    );
    const countryCode = rng.weighted(
      src.countries.map(([c]) => c),
      src.countries.map(([, w]) => w),
    );
    const country: CountryInfo = COUNTRIES[countryCode] ?? at(Object.values(COUNTRIES), 0);
    const region = rng.weighted(
      country.names.map(([r]) => r),
      country.names.map(([, w]) => w),
    );
    const first = rng.pick(FIRST_NAMES[region]);
    const last = rng.pick(LAST_NAMES[region]);
    const email = uniqueEmail(rng, first, last, taken);
    const createdAt = signupTime(rng, timeline);
    customers.push({
      email,
      name: `${first} ${last}`,
      phone: phoneFor(rng, country.code),
      source: src.source,
      externalId: `${src.db}:${src.store}:${email}`,
      city: rng.pick(country.cities),
      country: country.code,
      createdAt,
      weight: Math.min(1_200, Math.round(rng.pareto(1.4) * 100)),
      willBuy: rng.chance(0.92),
      churnAt: rng.chance(0.4) ? createdAt + 20 * DAY_MS + Math.round(rng.exponential(110 * DAY_MS)) : Infinity,
    });
  }
  // Index order = sign-up order, which assignBuyers relies on.
  return customers.sort((a, b) => a.createdAt - b.createdAt || (a.email < b.email ? -1 : 1));
}

/** Share of orders that go to a waiting new customer (their first purchase) when there is one. */
const FIRST_PURCHASE_SHARE = 0.5;

/**
 * Picks the customer of each order (times ascending). New sign-ups make their first purchase
 * soon after signing up; afterwards they join the pool of repeat buyers, drawn by their Pareto
 * weight until they churn. Nobody orders before signing up.
 */
export function assignBuyers(rng: Rng, customers: readonly CustomerSeed[], times: readonly number[]): number[] {
  const active = new DynamicWeights(customers.length);
  const churnOrder = customers
    .map((c, i) => ({ i, t: c.churnAt }))
    .filter((c) => Number.isFinite(c.t))
    .sort((a, b) => a.t - b.t || a.i - b.i);
  const churned = new Uint8Array(customers.length);
  const waiting: number[] = [];
  let waitingHead = 0;
  let signedUp = 0;
  let churnPos = 0;
  const buyers: number[] = [];
  for (const t of times) {
    for (; signedUp < customers.length && at(customers, signedUp).createdAt <= t; signedUp++) {
      if (at(customers, signedUp).willBuy) waiting.push(signedUp);
    }
    for (; churnPos < churnOrder.length && at(churnOrder, churnPos).t <= t; churnPos++) {
      const i = at(churnOrder, churnPos).i;
      churned[i] = 1;
      active.set(i, 0);
    }
    let buyer: number;
    if (waitingHead < waiting.length && (active.total === 0 || rng.chance(FIRST_PURCHASE_SHARE))) {
      buyer = at(waiting, waitingHead++);
      if (!churned[buyer]) active.set(buyer, Math.max(1, at(customers, buyer).weight));
    } else if (active.total > 0) {
      buyer = active.sampleIndex(rng);
    } else {
      // Nobody can buy yet (cannot happen with 20 days of sign-ups before the first order).
      buyer = rng.int(0, Math.max(0, signedUp - 1));
    }
    buyers.push(buyer);
  }
  return buyers;
}

// ---------------------------------------------------------------------------------------------
// Products
