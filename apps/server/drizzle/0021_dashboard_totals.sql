CREATE TABLE "order_day_totals" (
	"day" date NOT NULL,
	"slot" integer NOT NULL,
	"paid_orders" integer NOT NULL,
	"net_cents" bigint NOT NULL,
	CONSTRAINT "order_day_totals_day_slot_pk" PRIMARY KEY("day","slot")
);
--> statement-breakpoint
CREATE TABLE "order_status_totals" (
	"order_status" text NOT NULL,
	"archived" boolean NOT NULL,
	"slot" integer NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "order_status_totals_order_status_archived_slot_pk" PRIMARY KEY("order_status","archived","slot")
);
--> statement-breakpoint
-- Issue 29 (docs/decisions/015): the dashboard's revenue by day and its order counts by status are sums over these
-- tables, kept in the order's own transaction by one row trigger; an update calls it only when a column they depend on
-- changed. Revenue follows dashboard/service.ts: paid (completed, partially refunded or refunded), not cancelled, by
-- the UTC day of paid_at, net of refunds.
CREATE FUNCTION "order_totals_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    INSERT INTO "order_status_totals" AS t VALUES (OLD."order_status", OLD."archived_at" IS NOT NULL, "s", -1)
      ON CONFLICT ("order_status", "archived", "slot") DO UPDATE SET "orders" = t."orders" + excluded."orders";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    IF NEW."paid_at" IS NOT NULL AND NEW."payment_status" IN ('completed', 'partially_refunded', 'refunded')
       AND NEW."order_status" <> 'Cancelled' THEN
      INSERT INTO "order_day_totals" AS t VALUES ((NEW."paid_at" AT TIME ZONE 'UTC')::date, "s", 1,
          NEW."total_cents" - NEW."refunded_cents")
        ON CONFLICT ("day", "slot") DO UPDATE
        SET "paid_orders" = t."paid_orders" + excluded."paid_orders", "net_cents" = t."net_cents" + excluded."net_cents";
    END IF;
    INSERT INTO "order_status_totals" AS t VALUES (NEW."order_status", NEW."archived_at" IS NOT NULL, "s", 1)
      ON CONFLICT ("order_status", "archived", "slot") DO UPDATE SET "orders" = t."orders" + excluded."orders";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_totals_insert_delete" AFTER INSERT OR DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "order_totals_change"();
--> statement-breakpoint
CREATE TRIGGER "order_totals_update"
  AFTER UPDATE OF "paid_at", "payment_status", "order_status", "total_cents", "refunded_cents", "archived_at" ON "orders"
  FOR EACH ROW WHEN ((OLD."paid_at", OLD."payment_status", OLD."order_status", OLD."total_cents", OLD."refunded_cents",
                      OLD."archived_at" IS NULL)
                     IS DISTINCT FROM (NEW."paid_at", NEW."payment_status", NEW."order_status", NEW."total_cents",
                                       NEW."refunded_cents", NEW."archived_at" IS NULL))
  EXECUTE FUNCTION "order_totals_change"();
--> statement-breakpoint
CREATE FUNCTION "order_totals_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "order_day_totals";
  DELETE FROM "order_status_totals";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_totals_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_totals_clear"();
--> statement-breakpoint
INSERT INTO "order_day_totals" ("day", "slot", "paid_orders", "net_cents")
  SELECT ("paid_at" AT TIME ZONE 'UTC')::date, 0, count(*)::int, sum("total_cents" - "refunded_cents")
  FROM "orders"
  WHERE "paid_at" IS NOT NULL AND "payment_status" IN ('completed', 'partially_refunded', 'refunded')
    AND "order_status" <> 'Cancelled'
  GROUP BY 1;
--> statement-breakpoint
INSERT INTO "order_status_totals" ("order_status", "archived", "slot", "orders")
  SELECT "order_status", "archived_at" IS NOT NULL, 0, count(*)::int FROM "orders" GROUP BY 1, 2;
