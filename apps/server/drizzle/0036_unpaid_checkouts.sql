-- Issue 40: a checkout never paid (no paid_at: pending, or cancelled before capture) is not an order. The admin's
-- default list, its count and the dashboard's counts by status leave it out, and the admin sees such checkouts under
-- a filter of their own (payment=unpaid). order_status_totals (migration 0021) gains whether its orders were never
-- paid, kept by the same trigger (whose UPDATE trigger already fires on paid_at), and is recomputed.
ALTER TABLE "order_status_totals" ADD COLUMN "unpaid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_totals" DROP CONSTRAINT "order_status_totals_order_status_archived_slot_pk";--> statement-breakpoint
ALTER TABLE "order_status_totals" ADD CONSTRAINT "order_status_totals_order_status_archived_unpaid_slot_pk"
  PRIMARY KEY("order_status","archived","unpaid","slot");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_totals_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "s" integer := pg_backend_pid() % 8;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD."paid_at" IS NOT NULL AND OLD."payment_status" IN ('completed', 'partially_refunded', 'refunded')
       AND OLD."order_status" <> 'Cancelled' THEN
      INSERT INTO "order_day_totals" AS t VALUES ((OLD."paid_at" AT TIME ZONE 'UTC')::date, "s", -1,
          -(OLD."total_cents" - OLD."refunded_cents"))
        ON CONFLICT ("day", "slot") DO UPDATE
        SET "paid_orders" = t."paid_orders" + excluded."paid_orders", "net_cents" = t."net_cents" + excluded."net_cents";
    END IF;
    INSERT INTO "order_status_totals" AS t ("order_status", "archived", "slot", "orders", "unpaid")
      VALUES (OLD."order_status", OLD."archived_at" IS NOT NULL, "s", -1, OLD."paid_at" IS NULL)
      ON CONFLICT ("order_status", "archived", "unpaid", "slot") DO UPDATE SET "orders" = t."orders" + excluded."orders";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    IF NEW."paid_at" IS NOT NULL AND NEW."payment_status" IN ('completed', 'partially_refunded', 'refunded')
       AND NEW."order_status" <> 'Cancelled' THEN
      INSERT INTO "order_day_totals" AS t VALUES ((NEW."paid_at" AT TIME ZONE 'UTC')::date, "s", 1,
          NEW."total_cents" - NEW."refunded_cents")
        ON CONFLICT ("day", "slot") DO UPDATE
        SET "paid_orders" = t."paid_orders" + excluded."paid_orders", "net_cents" = t."net_cents" + excluded."net_cents";
    END IF;
    INSERT INTO "order_status_totals" AS t ("order_status", "archived", "slot", "orders", "unpaid")
      VALUES (NEW."order_status", NEW."archived_at" IS NOT NULL, "s", 1, NEW."paid_at" IS NULL)
      ON CONFLICT ("order_status", "archived", "unpaid", "slot") DO UPDATE SET "orders" = t."orders" + excluded."orders";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DELETE FROM "order_status_totals";--> statement-breakpoint
INSERT INTO "order_status_totals" ("order_status", "archived", "unpaid", "slot", "orders")
  SELECT "order_status", "archived_at" IS NOT NULL, "paid_at" IS NULL, 0, count(*)::int FROM "orders" GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("order_date") WHERE "orders"."paid_at" is null;
