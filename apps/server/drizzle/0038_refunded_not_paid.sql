-- Issue 40, item 13: a fully refunded order is no longer counted as a paid order in the dashboard's figures. Its
-- revenue was already 0 (total - refunded); now `paid_orders` counts it 0 as well, so the day's orders and the average
-- order value say what was sold and kept. A partly refunded order still counts (docs/decisions/015 for the tables).
-- The function is migration 0036's (never-paid checkouts counted apart) with that one rule added.
CREATE OR REPLACE FUNCTION "order_totals_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "s" integer := pg_backend_pid() % 8;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD."paid_at" IS NOT NULL AND OLD."payment_status" IN ('completed', 'partially_refunded', 'refunded')
       AND OLD."order_status" <> 'Cancelled' THEN
      INSERT INTO "order_day_totals" AS t VALUES ((OLD."paid_at" AT TIME ZONE 'UTC')::date, "s",
          CASE WHEN OLD."payment_status" = 'refunded' THEN 0 ELSE -1 END,
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
      INSERT INTO "order_day_totals" AS t VALUES ((NEW."paid_at" AT TIME ZONE 'UTC')::date, "s",
          CASE WHEN NEW."payment_status" = 'refunded' THEN 0 ELSE 1 END,
          NEW."total_cents" - NEW."refunded_cents")
        ON CONFLICT ("day", "slot") DO UPDATE
        SET "paid_orders" = t."paid_orders" + excluded."paid_orders", "net_cents" = t."net_cents" + excluded."net_cents";
    END IF;
    INSERT INTO "order_status_totals" AS t ("order_status", "archived", "slot", "orders", "unpaid")
      VALUES (NEW."order_status", NEW."archived_at" IS NOT NULL, "s", 1, NEW."paid_at" IS NULL)
      ON CONFLICT ("order_status", "archived", "unpaid", "slot") DO UPDATE SET "orders" = t."orders" + excluded."orders";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The refunded orders paid so far leave the counts: one correcting row per day in slot 0 (the slots are summed).
INSERT INTO "order_day_totals" AS t ("day", "slot", "paid_orders", "net_cents")
  SELECT ("paid_at" AT TIME ZONE 'UTC')::date, 0, -count(*)::int, 0
  FROM "orders"
  WHERE "paid_at" IS NOT NULL AND "payment_status" = 'refunded' AND "order_status" <> 'Cancelled'
  GROUP BY 1
  ON CONFLICT ("day", "slot") DO UPDATE SET "paid_orders" = t."paid_orders" + excluded."paid_orders";
