-- Issue 46: refunds allocate a line's cost by units. `refunded_cents` keeps what a line gave back so far, so that
-- the next refund of k units gives round-half-up(paid * (refunded + k) / quantity) minus it and a line's units always
-- sum to what the line cost (unit-by-unit refunds of a $2.00 line with a $1 code gave $0.67 + $0.67, then refused).
-- `kept_quantity` counts units refunded without going back to stock while the order held it, so a later cancellation
-- does not put them back. Lines refunded before this migration get the cumulative share of their refunded units.
ALTER TABLE "order_items" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "kept_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_stock_settled_within_quantity" CHECK ("order_items"."kept_quantity" >= 0 and "order_items"."restocked_quantity" + "order_items"."kept_quantity" <= "order_items"."quantity" and "order_items"."refunded_cents" >= 0);--> statement-breakpoint
UPDATE "order_items" i SET "refunded_cents" =
  floor((2 * (i."unit_price_cents" * i."quantity" - i."discount_cents"
              + CASE WHEN o."prices_include_tax" THEN 0 ELSE i."tax_cents" END)::bigint * i."refunded_quantity"
         + i."quantity") / (2 * i."quantity"))::integer
FROM "orders" o WHERE o."id" = i."order_id" AND i."refunded_quantity" > 0;
