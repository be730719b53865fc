-- Issue 41: the EU's 30-day lowest price (Price Indication Directive 98/6/EC art. 6a, as amended by Directive
-- 2019/2161; docs/decisions/019-prior-price.md). Every change of a variant's price or sale price is recorded here by
-- a trigger, in the statement (so the transaction) that makes it, whichever path writes: the admin's forms and grid,
-- the spec's edit form (through the product-side trigger of migration 0017), seeds and tests. A row holds the
-- variant's prices from `valid_from` until the next row of the same variant.
--
-- A row on sale also says when its reduction started (`reduction_started_at`: the first row of the uninterrupted run
-- of rows on sale, so a reduction deepened from $80 to $60 keeps its start, as the Commission's guidance 2021/C 526/02
-- on progressive reductions asks) and the prior price (`prior_price_cents`): the lowest effective price (sale price
-- when above 0, else price) in force at any moment of the 30 days before that start. It is computed once, when the
-- reduction starts, since that past never changes afterwards; readers take the variant's latest row (one index probe,
-- modules/price-history), and pruning rows older than 90 days never changes it. With no earlier row (a variant created on sale, or on sale when this
-- migration ran) it is the regular price the reduction is announced from: the only reference the record has.
CREATE TABLE "price_history" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "variant_id" uuid NOT NULL REFERENCES "product_variants"("id") ON DELETE CASCADE,
  "price_cents" integer NOT NULL,
  "sale_price_cents" integer NOT NULL,
  "effective_cents" integer NOT NULL,
  "valid_from" timestamp with time zone NOT NULL DEFAULT now(),
  "reduction_started_at" timestamp with time zone,
  "prior_price_cents" integer,
  CONSTRAINT "price_history_prior_on_sale" CHECK (("sale_price_cents" > 0) = ("prior_price_cents" IS NOT NULL))
);--> statement-breakpoint
-- The latest row of a variant (readers, the trigger) and the rows of its last 30 days are one range of this index;
-- INCLUDE lets the readers' probe answer from the index alone.
CREATE INDEX "price_history_variant_idx" ON "price_history" ("variant_id", "valid_from" DESC, "id" DESC)
  INCLUDE ("sale_price_cents", "prior_price_cents");--> statement-breakpoint
-- Pruning finds the old rows by their start.
CREATE INDEX "price_history_valid_from_idx" ON "price_history" ("valid_from");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_variant_price"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last record;
  started timestamptz;
  prior integer;
  -- The moment the change applies, not the transaction's start (now()): the variant's row is locked from here to
  -- the commit, so a change that waited for another's lock is always dated after it, and the latest row by
  -- valid_from is the one in force.
  at timestamptz := clock_timestamp();
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."price_cents" = OLD."price_cents"
      AND NEW."sale_price_cents" = OLD."sale_price_cents" THEN
    RETURN NULL;
  END IF;
  IF NEW."sale_price_cents" > 0 THEN
    SELECT h."sale_price_cents", h."reduction_started_at", h."prior_price_cents" INTO last
      FROM "price_history" h WHERE h."variant_id" = NEW."id"
      ORDER BY h."valid_from" DESC, h."id" DESC LIMIT 1;
    IF FOUND AND last."sale_price_cents" > 0 THEN
      -- The reduction goes on (deeper, shallower, or the regular price moved): same start, same prior price.
      started := last."reduction_started_at";
      prior := last."prior_price_cents";
    ELSE
      started := at;
      -- Every row in force during [started - 30 days, started): those that began in it, and the one in force at its
      -- start.
      SELECT min(w."effective_cents") INTO prior FROM (
        SELECT h."effective_cents" FROM "price_history" h
          WHERE h."variant_id" = NEW."id" AND h."valid_from" >= started - interval '30 days'
            AND h."valid_from" <= started
        UNION ALL
        (SELECT h."effective_cents" FROM "price_history" h
          WHERE h."variant_id" = NEW."id" AND h."valid_from" < started - interval '30 days'
          ORDER BY h."valid_from" DESC, h."id" DESC LIMIT 1)
      ) w;
      prior := coalesce(prior, NEW."price_cents");
    END IF;
  END IF;
  INSERT INTO "price_history" ("variant_id", "price_cents", "sale_price_cents", "effective_cents", "valid_from",
      "reduction_started_at", "prior_price_cents")
    VALUES (NEW."id", NEW."price_cents", NEW."sale_price_cents",
      CASE WHEN NEW."sale_price_cents" > 0 THEN NEW."sale_price_cents" ELSE NEW."price_cents" END,
      at, started, prior);
  RETURN NULL;
END $$;--> statement-breakpoint
-- No depth check: a price set through the product row (the spec's edit form) reaches the variant from a trigger.
CREATE TRIGGER "product_variants_price_history" AFTER INSERT OR UPDATE OF "price_cents", "sale_price_cents"
  ON "product_variants" FOR EACH ROW EXECUTE FUNCTION "record_variant_price"();--> statement-breakpoint
-- The record begins with every variant's prices as they are now.
INSERT INTO "price_history" ("variant_id", "price_cents", "sale_price_cents", "effective_cents",
    "reduction_started_at", "prior_price_cents")
  SELECT v."id", v."price_cents", v."sale_price_cents",
    CASE WHEN v."sale_price_cents" > 0 THEN v."sale_price_cents" ELSE v."price_cents" END,
    CASE WHEN v."sale_price_cents" > 0 THEN now() END,
    CASE WHEN v."sale_price_cents" > 0 THEN v."price_cents" END
  FROM "product_variants" v;
