-- Issue 29: the reservation (migration 0023) also returns the stock it left: for each product of the order, its
-- total stock, its version and each variant's stock, as they are once its units are taken. The catalog cache
-- (lib/catalog-cache.ts) patches the cached answers that show those products with them instead of reading the
-- products again: in a flash sale every checkout moved the sold product, and every listing page and details answer
-- showing it was read again at the next request. A change of the return type needs the function dropped first.
DROP FUNCTION "reserve_order_stock"(uuid, text);--> statement-breakpoint
CREATE FUNCTION "reserve_order_stock"("p_order" uuid, "p_payer" text)
RETURNS TABLE ("claimed" boolean, "product_ids" uuid[], "sold_out" boolean, "stock_after" jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  line record;
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
  -- Units were taken from every product of the order: one at 0 now has just sold out. The stock each product and
  -- variant has now, with the product's version, goes to the catalog cache.
  RETURN QUERY SELECT true, array_agg(p."id"), coalesce(bool_or(p."total_stock" = 0), false),
      jsonb_agg(jsonb_build_object('id', p."id", 'totalStock', p."total_stock", 'version', p."version",
        'variants', (SELECT coalesce(jsonb_object_agg(v."id", v."stock"), '{}'::jsonb)
                     FROM "product_variants" v WHERE v."product_id" = p."id")))
    FROM "products" p
    WHERE p."id" IN (SELECT i."product_id" FROM "order_items" i WHERE i."order_id" = "p_order");
END $$;
