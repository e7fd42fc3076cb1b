// Shared v1 formatting: timestamps are ISO 8601 UTC with milliseconds and Z; dates YYYY-MM-DD;
// money is a JSON number rounded to 2 decimals.
export const API_VERSION = 'v1';

export const timestamp = (value: Date): string => value.toISOString();
export const nullableTimestamp = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);
export const date = (value: Date): string => value.toISOString().slice(0, 10);
export const money = (value: { toString(): string } | number): number => Math.round(Number(value) * 100) / 100;
