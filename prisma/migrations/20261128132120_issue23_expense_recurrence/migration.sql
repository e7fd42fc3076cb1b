-- Recurring expenses (docs/analytics.md, "Expenses, one-off and recurring"): none is a one-off
-- charged to its date (every existing row); monthly is the amount of every calendar month from
-- `date` to `ends_on` (null: ongoing), spread over the days by the profit snapshot.

-- CreateEnum
CREATE TYPE "ExpenseRecurrence" AS ENUM ('none', 'monthly');

-- AlterTable
ALTER TABLE "expenses" ADD COLUMN     "ends_on" DATE,
ADD COLUMN     "recurrence" "ExpenseRecurrence" NOT NULL DEFAULT 'none';
