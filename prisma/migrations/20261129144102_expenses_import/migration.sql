-- File imports of expenses (svc import expenses, POST /api/v1/imports?kind=expenses, importData).
-- AlterEnum
ALTER TYPE "ImportKind" ADD VALUE 'expenses';
