// The value parsers shared by the config schema's parts (src/config.ts, config-graphql.ts,
// config-jobs.ts): one rule for what an environment boolean or bounded integer is.
import { z } from 'zod';

/** true/false, 1/0, yes/no. */
export const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An integer between `min` and `max`, inclusive. */
export const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
