// Static word lists for the demo store: people, places, products, ad campaigns and expenses.
// Kept apart from seed.ts so that the generator reads as logic rather than as data.

/** The demo account's id (fixed, so that a restart finds it again). */
export const DEMO_ACCOUNT_ID = 'acc_demo';
/** The demo store's time zone: its dated rows (ad spend, expenses) are its local days. */
export const DEMO_TIMEZONE = 'America/New_York';

export type NameRegion = 'english' | 'hispanic' | 'portuguese' | 'german';

// prettier-ignore
export const FIRST_NAMES: Record<NameRegion, readonly string[]> = {
  english: [
    'James', 'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Ethan', 'Sophia', 'Mason', 'Isabella',
    'Lucas', 'Mia', 'Logan', 'Amelia', 'Oliver', 'Harper', 'Elijah', 'Evelyn', 'Aiden', 'Abigail',
    'Jackson', 'Emily', 'Benjamin', 'Ella', 'Henry', 'Grace', 'Samuel', 'Chloe', 'Daniel', 'Lily',
    'Matthew', 'Hannah', 'David', 'Zoe', 'Joseph', 'Nora', 'Carter', 'Riley', 'Owen', 'Layla',
    'Wyatt', 'Scarlett', 'Jack', 'Aria', 'Luke', 'Victoria', 'Gabriel', 'Madison', 'Anthony', 'Stella',
    'Isaac', 'Hazel', 'Dylan', 'Aurora', 'Caleb', 'Penelope', 'Ryan', 'Claire', 'Nathan', 'Maya',
    'Priya', 'Wei', 'Aisha', 'Kenji', 'Fatima', 'Arjun', 'Mei', 'Omar',
  ],
  hispanic: [
    'Santiago', 'Sofía', 'Mateo', 'Valentina', 'Sebastián', 'Camila', 'Diego', 'Lucía', 'Alejandro', 'Martina',
    'Nicolás', 'Daniela', 'Samuel', 'Mariana', 'Tomás', 'Gabriela', 'Joaquín', 'Isabella', 'Emiliano', 'Renata',
    'Benjamín', 'Victoria', 'Martín', 'Ximena', 'Lucas', 'Florencia', 'Agustín', 'Catalina', 'Javier', 'Paula',
    'Andrés', 'Fernanda', 'Carlos', 'Ana', 'José', 'Carmen', 'Miguel', 'Elena', 'Pablo', 'Julieta',
  ],
  portuguese: [
    'Miguel', 'Helena', 'Arthur', 'Alice', 'Gael', 'Laura', 'Heitor', 'Manuela', 'Théo', 'Valentina',
    'Davi', 'Sophia', 'Bernardo', 'Isabela', 'Gabriel', 'Heloísa', 'Pedro', 'Luiza', 'Rafael', 'Júlia',
    'Lucas', 'Lorena', 'Matheus', 'Beatriz', 'João', 'Mariana', 'Gustavo', 'Camila', 'Felipe', 'Larissa',
  ],
  german: [
    'Lukas', 'Emma', 'Leon', 'Hannah', 'Finn', 'Mia', 'Jonas', 'Lea', 'Paul', 'Lena',
    'Felix', 'Anna', 'Maximilian', 'Marie', 'Elias', 'Sophie', 'Noah', 'Clara', 'Ben', 'Johanna',
  ],
};

// prettier-ignore
export const LAST_NAMES: Record<NameRegion, readonly string[]> = {
  english: [
    'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor',
    'Thomas', 'Moore', 'Martin', 'Jackson', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson',
    'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Hill', 'Green', 'Adams', 'Baker',
    'Nelson', 'Carter', 'Mitchell', 'Roberts', 'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Edwards',
    'Collins', 'Stewart', 'Morris', 'Murphy', 'Cook', 'Rogers', 'Morgan', 'Cooper', 'Peterson', 'Reed',
    'Bailey', 'Bell', 'Kelly', 'Howard', 'Ward', 'Cox', 'Richardson', 'Wood', 'Watson', 'Brooks',
    "O'Brien", 'Patel', 'Nguyen', 'Kim', 'Chen', 'Singh', 'Khan', 'Tanaka',
  ],
  hispanic: [
    'García', 'Rodríguez', 'Martínez', 'Hernández', 'López', 'González', 'Pérez', 'Sánchez', 'Ramírez', 'Torres',
    'Flores', 'Rivera', 'Gómez', 'Díaz', 'Reyes', 'Morales', 'Cruz', 'Ortiz', 'Gutiérrez', 'Chávez',
    'Ramos', 'Ruiz', 'Álvarez', 'Mendoza', 'Castillo', 'Jiménez', 'Moreno', 'Romero', 'Herrera', 'Medina',
    'Aguilar', 'Vargas', 'Castro', 'Fernández', 'Silva', 'Rojas', 'Muñoz', 'Sosa', 'Navarro', 'Vega',
  ],
  portuguese: [
    'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
    'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
    'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas',
  ],
  german: [
    'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
    'Koch', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger',
  ],
};

export interface CountryInfo {
  /** ISO 3166-1 alpha-2. */
  code: string;
  cities: readonly string[];
  /** Which name lists people from here are drawn from, with weights. */
  names: ReadonlyArray<readonly [NameRegion, number]>;
}

export const COUNTRIES: Record<string, CountryInfo> = {
  US: {
    code: 'US',
    cities: [
      'New York',
      'Los Angeles',
      'Chicago',
      'Houston',
      'Phoenix',
      'Philadelphia',
      'San Antonio',
      'San Diego',
      'Dallas',
      'Austin',
      'Seattle',
      'Denver',
      'Boston',
      'Atlanta',
      'Miami',
      'Portland',
      'Nashville',
      'Minneapolis',
      'Charlotte',
      'San Francisco',
      'Brooklyn',
      'Raleigh',
      'Salt Lake City',
      'Columbus',
    ],
    names: [
      ['english', 85],
      ['hispanic', 15],
    ],
  },
  CA: { code: 'CA', cities: ['Toronto', 'Vancouver', 'Montreal', 'Calgary', 'Ottawa', 'Edmonton', 'Halifax'], names: [['english', 1]] },
  GB: { code: 'GB', cities: ['London', 'Manchester', 'Birmingham', 'Leeds', 'Glasgow', 'Bristol', 'Edinburgh', 'Liverpool'], names: [['english', 1]] },
  AU: { code: 'AU', cities: ['Sydney', 'Melbourne', 'Brisbane', 'Perth', 'Adelaide'], names: [['english', 1]] },
  DE: { code: 'DE', cities: ['Berlin', 'Munich', 'Hamburg', 'Cologne', 'Frankfurt', 'Leipzig'], names: [['german', 1]] },
  ES: { code: 'ES', cities: ['Madrid', 'Barcelona', 'Valencia', 'Seville', 'Bilbao', 'Málaga'], names: [['hispanic', 1]] },
  MX: { code: 'MX', cities: ['Ciudad de México', 'Guadalajara', 'Monterrey', 'Puebla', 'Querétaro', 'Mérida', 'Tijuana'], names: [['hispanic', 1]] },
  AR: { code: 'AR', cities: ['Buenos Aires', 'Córdoba', 'Rosario', 'Mendoza', 'La Plata', 'Mar del Plata'], names: [['hispanic', 1]] },
  BR: { code: 'BR', cities: ['São Paulo', 'Rio de Janeiro', 'Belo Horizonte', 'Curitiba', 'Porto Alegre', 'Salvador', 'Recife'], names: [['portuguese', 1]] },
  CL: { code: 'CL', cities: ['Santiago', 'Valparaíso', 'Concepción', 'Viña del Mar'], names: [['hispanic', 1]] },
  CO: { code: 'CO', cities: ['Bogotá', 'Medellín', 'Cali', 'Barranquilla'], names: [['hispanic', 1]] },
};

/** Reserved example domains (RFC 2606), so that no demo address can reach a real mailbox. */
// prettier-ignore
export const EMAIL_DOMAINS: ReadonlyArray<readonly [string, number]> = [
  ['example.com', 50],
  ['example.net', 25],
  ['example.org', 15],
  ['mail.example.com', 10],
];

/**
 * Products: a noun, the materials that make sense for it, and a unit cost band (USD). Names are
 * built as "<adjective> <material> <product>", e.g. "Rustic Oak Cutting Board".
 */
export interface ProductKind {
  product: string;
  materials: readonly string[];
  cost: readonly [number, number];
}

// prettier-ignore
export const PRODUCT_ADJECTIVES: readonly string[] = [
  'Classic', 'Everyday', 'Vintage', 'Minimal', 'Rustic', 'Modern', 'Cozy', 'Compact', 'Premium', 'Urban',
  'Coastal', 'Nordic', 'Artisan', 'Essential', 'Signature', 'Heritage', 'Weekend', 'Studio',
];

export const PRODUCT_KINDS: readonly ProductKind[] = [
  { product: 'Tote Bag', materials: ['Canvas', 'Leather', 'Cotton', 'Hemp'], cost: [6, 38] },
  { product: 'Throw Blanket', materials: ['Wool', 'Cotton', 'Merino', 'Linen'], cost: [18, 70] },
  { product: 'Coffee Mug', materials: ['Ceramic', 'Stoneware', 'Enamel', 'Glass'], cost: [2, 12] },
  { product: 'Cutting Board', materials: ['Oak', 'Walnut', 'Bamboo', 'Acacia'], cost: [8, 45] },
  { product: 'Planter', materials: ['Ceramic', 'Terracotta', 'Concrete', 'Stoneware'], cost: [4, 30] },
  { product: 'Candle Holder', materials: ['Brass', 'Glass', 'Ceramic', 'Copper'], cost: [3, 22] },
  { product: 'Notebook', materials: ['Leather', 'Linen', 'Kraft Paper', 'Cork'], cost: [2, 16] },
  { product: 'Wallet', materials: ['Leather', 'Canvas', 'Cork'], cost: [7, 35] },
  { product: 'Scarf', materials: ['Wool', 'Cashmere', 'Linen', 'Silk'], cost: [9, 60] },
  { product: 'Water Bottle', materials: ['Steel', 'Glass', 'Copper'], cost: [5, 24] },
  { product: 'Serving Bowl', materials: ['Ceramic', 'Walnut', 'Stoneware', 'Glass'], cost: [7, 40] },
  { product: 'Desk Organizer', materials: ['Oak', 'Bamboo', 'Leather', 'Walnut'], cost: [9, 42] },
  { product: 'Pillow Cover', materials: ['Linen', 'Cotton', 'Velvet', 'Wool'], cost: [5, 26] },
  { product: 'Apron', materials: ['Canvas', 'Linen', 'Denim', 'Leather'], cost: [8, 40] },
  { product: 'Coaster Set', materials: ['Cork', 'Marble', 'Walnut', 'Ceramic'], cost: [3, 18] },
  { product: 'Table Lamp', materials: ['Brass', 'Ceramic', 'Oak', 'Rattan'], cost: [25, 80] },
  { product: 'Backpack', materials: ['Canvas', 'Leather', 'Nylon'], cost: [20, 78] },
  { product: 'Beanie', materials: ['Wool', 'Merino', 'Cotton', 'Cashmere'], cost: [4, 28] },
  { product: 'Serving Tray', materials: ['Walnut', 'Rattan', 'Marble', 'Brass'], cost: [10, 48] },
  { product: 'Vase', materials: ['Ceramic', 'Glass', 'Stoneware', 'Terracotta'], cost: [6, 36] },
  { product: 'Wall Clock', materials: ['Oak', 'Brass', 'Walnut'], cost: [14, 55] },
  { product: 'Tea Towel Set', materials: ['Linen', 'Cotton'], cost: [3, 14] },
];

export interface CampaignSpec {
  platform: 'meta_ads' | 'google_ads';
  campaignId: string;
  campaignName: string;
  /** Typical daily spend before growth, weekday and promotion effects (USD). */
  baseSpend: number;
  /** Typical return on ad spend (attributed revenue / spend). */
  roas: number;
  /** Click-through rate (clicks / impressions). */
  ctr: number;
  /** Conversion rate (conversions / clicks). */
  conversionRate: number;
}

export const CAMPAIGNS: readonly CampaignSpec[] = [
  {
    platform: 'meta_ads',
    campaignId: 'meta-cmp-1',
    campaignName: 'Prospecting - Broad Interests',
    baseSpend: 170,
    roas: 1.6,
    ctr: 0.011,
    conversionRate: 0.014,
  },
  {
    platform: 'meta_ads',
    campaignId: 'meta-cmp-2',
    campaignName: 'Retargeting - Cart Abandoners',
    baseSpend: 55,
    roas: 4.2,
    ctr: 0.027,
    conversionRate: 0.038,
  },
  { platform: 'meta_ads', campaignId: 'meta-cmp-3', campaignName: 'Lookalike - Top Customers', baseSpend: 110, roas: 2.4, ctr: 0.016, conversionRate: 0.021 },
  { platform: 'google_ads', campaignId: 'google-cmp-1', campaignName: 'Search - Brand Terms', baseSpend: 40, roas: 4.5, ctr: 0.029, conversionRate: 0.039 },
  { platform: 'google_ads', campaignId: 'google-cmp-2', campaignName: 'Shopping - All Products', baseSpend: 210, roas: 2.8, ctr: 0.013, conversionRate: 0.026 },
  {
    platform: 'google_ads',
    campaignId: 'google-cmp-3',
    campaignName: 'Performance Max - Prospecting',
    baseSpend: 140,
    roas: 1.25,
    ctr: 0.009,
    conversionRate: 0.011,
  },
];

/** Fixed costs: monthly recurring expenses (USD a month), spread over the days of each month. */
export const MONTHLY_EXPENSES: ReadonlyArray<{ category: string; description: string; amount: number }> = [
  { category: 'rent', description: 'Warehouse and office rent', amount: 2500 },
  { category: 'software', description: 'SaaS subscriptions (storefront apps, email, accounting)', amount: 380 },
  { category: 'salaries', description: 'Payroll', amount: 9000 },
];

/** One-off costs drawn at random dates: category, descriptions, amount band (USD). */
export const OCCASIONAL_EXPENSES: ReadonlyArray<{ category: string; descriptions: readonly string[]; amount: readonly [number, number]; weight: number }> = [
  { category: 'packaging', descriptions: ['Mailer boxes restock', 'Tissue paper and stickers', 'Poly mailers (1,000)'], amount: [120, 900], weight: 5 },
  {
    category: 'marketing_agency',
    descriptions: ['Agency retainer - creatives', 'Influencer campaign fee', 'Email design sprint'],
    amount: [600, 2500],
    weight: 3,
  },
  { category: 'refunds_handling', descriptions: ['Return shipping labels', 'Damaged goods write-off', 'Chargeback fees'], amount: [40, 350], weight: 4 },
  { category: 'photography', descriptions: ['Product photoshoot', 'Lifestyle photo session'], amount: [250, 1400], weight: 2 },
  { category: 'accounting', descriptions: ['Bookkeeping services', 'Quarterly tax filing'], amount: [300, 1200], weight: 2 },
  { category: 'equipment', descriptions: ['Label printer', 'Shelving for warehouse', 'Barcode scanner'], amount: [90, 1100], weight: 2 },
  { category: 'samples', descriptions: ['Supplier samples', 'Prototype run'], amount: [60, 600], weight: 2 },
];
