-- Issue 46: a product with options showed a sold-out variant's price (size 42 at $50 with none left, 43 at $55: the
-- listing said $50, the spec's add charged $55). A product's price and sale price are those of its cheapest variant
-- in stock (by the price paid; of all its variants when none is in stock), as modules/variants/service.ts
-- deriveProduct computes them when the admin saves the variants. Here the database keeps them so when a variant's
-- stock crosses zero (a sale, a cancellation, a refund's restock), in the statement that moves the stock. Only a
-- crossing reads the variants again: a sale that leaves units changes nothing more than before.
CREATE OR REPLACE FUNCTION "product_variants_stock_total"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer;
  crossed boolean;
  pid uuid;
  priced boolean := false;
  new_price integer;
  new_sale integer;
BEGIN
  -- A variant's stock moved by a statement of its own (not by the product-side trigger below): its product's
  -- total_stock moves by the same amount and its version is bumped, so total_stock is always the sum.
  IF pg_trigger_depth() <> 1 THEN RETURN NULL; END IF;
  pid := coalesce(NEW."product_id", OLD."product_id");
  IF TG_OP = 'INSERT' THEN delta := NEW."stock"; crossed := NEW."stock" > 0;
  ELSIF TG_OP = 'DELETE' THEN delta := -OLD."stock"; crossed := OLD."stock" > 0;
  ELSE delta := NEW."stock" - OLD."stock"; crossed := (NEW."stock" > 0) <> (OLD."stock" > 0);
  END IF;
  IF crossed THEN
    SELECT v."price_cents", v."sale_price_cents" INTO new_price, new_sale FROM "product_variants" v
      WHERE v."product_id" = pid
      ORDER BY v."stock" > 0 DESC,
        CASE WHEN v."sale_price_cents" > 0 THEN v."sale_price_cents" ELSE v."price_cents" END,
        v."position", v."created_at"
      LIMIT 1;
    priced := FOUND;
  END IF;
  IF priced THEN
    UPDATE "products" SET "total_stock" = "total_stock" + delta, "version" = "version" + 1,
        "price_cents" = new_price, "sale_price_cents" = new_sale
      WHERE "id" = pid;
  ELSIF delta <> 0 THEN
    UPDATE "products" SET "total_stock" = "total_stock" + delta, "version" = "version" + 1 WHERE "id" = pid;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The reservation (migration 0027) also tells the catalog cache each product's prices after it, and says the
-- listing's order moved (`sold_out`) when a product sold out or its price changed because a variant did.
DROP FUNCTION "reserve_order_stock"(uuid, text);--> statement-breakpoint
CREATE FUNCTION "reserve_order_stock"("p_order" uuid, "p_payer" text)
RETURNS TABLE ("claimed" boolean, "product_ids" uuid[], "sold_out" boolean, "stock_after" jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  line record;
  prices_before jsonb;
BEGIN
  UPDATE "orders" SET "capturing_since" = now(), "stock_held" = true, "order_update_date" = now(),
      "payer_id" = coalesce("p_payer", "payer_id")
    WHERE "id" = "p_order" AND "payment_status" = 'pending' AND "capturing_since" IS NULL AND NOT "stock_held"
      AND "payment_id" IS NOT NULL;
  IF NOT FOUND THEN
    RETURN QUERY SELECT false, '{}'::uuid[], false, '[]'::jsonb;
    RETURN;
  END IF;
  PERFORM 1 FROM "products"
    WHERE "id" IN (SELECT i."product_id" FROM "order_items" i WHERE i."order_id" = "p_order")
    ORDER BY "id" FOR UPDATE;
  SELECT jsonb_object_agg(p."id", array[p."price_cents", p."sale_price_cents"]) INTO prices_before
    FROM "products" p WHERE p."id" IN (SELECT i."product_id" FROM "order_items" i WHERE i."order_id" = "p_order");
  -- A line from before variants names none: it moves the product's first variant.
  FOR line IN
    SELECT i."quantity", coalesce(i."variant_id", (SELECT v."id" FROM "product_variants" v
        WHERE v."product_id" = i."product_id" ORDER BY v."position", v."created_at" LIMIT 1)) AS "variant_id"
      FROM "order_items" i WHERE i."order_id" = "p_order"
      ORDER BY i."product_id", 2, i."id"
  LOOP
    UPDATE "product_variants" SET "stock" = "stock" - line."quantity"
      WHERE "id" = line."variant_id" AND "stock" >= line."quantity";
    IF NOT FOUND THEN
      RAISE EXCEPTION 'a line of order % is out of stock', "p_order" USING ERRCODE = 'ES002';
    END IF;
  END LOOP;
  -- Units were taken from every product of the order: one at 0 now has just sold out, one whose price moved had a
  -- variant sell out. The stock each product and variant has now, with the product's version and prices, goes to
  -- the catalog cache.
  RETURN QUERY SELECT true, array_agg(p."id"),
      coalesce(bool_or(p."total_stock" = 0
        OR prices_before -> p."id"::text <> to_jsonb(array[p."price_cents", p."sale_price_cents"])), false),
      jsonb_agg(jsonb_build_object('id', p."id", 'totalStock', p."total_stock", 'version', p."version",
        'priceCents', p."price_cents", 'salePriceCents', p."sale_price_cents",
        'variants', (SELECT coalesce(jsonb_object_agg(v."id", v."stock"), '{}'::jsonb)
                     FROM "product_variants" v WHERE v."product_id" = p."id")))
    FROM "products" p
    WHERE p."id" IN (SELECT i."product_id" FROM "order_items" i WHERE i."order_id" = "p_order");
END $$;
