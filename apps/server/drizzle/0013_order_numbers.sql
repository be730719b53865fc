CREATE SEQUENCE "public"."orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" bigint;--> statement-breakpoint
-- Existing orders are numbered in the order they were placed, from 1001; new ones continue from the last.
UPDATE "orders" SET "number" = numbered.n FROM (
  SELECT "id", 1000 + row_number() OVER (ORDER BY "order_date", "id") AS n FROM "orders"
) AS numbered WHERE "orders"."id" = numbered."id";--> statement-breakpoint
SELECT setval('orders_number_seq', COALESCE((SELECT max("number") FROM "orders"), 1000) + 1, false);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('orders_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");
