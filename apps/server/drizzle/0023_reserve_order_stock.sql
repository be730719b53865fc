-- Issue 29: the first step of a capture (modules/orders/capture.ts) as one statement. In a flash sale every checkout
-- takes units of the same variant, so every reservation waits for the one before it to commit: the time a product's
-- row stays locked bounds the sale. Run by the application as a transaction of its own, the lock was held across
-- five round trips to the server process (each waiting for its event loop); here it is held from the UPDATE to the
-- commit of this one statement.
-- The order is claimed with the rule in the WHERE clause (pending, not capturing, stock not held, a payment to
-- capture), its products are locked in id order before any variant (as every stock move does, modules/orders/
-- stock.ts, so that two orders cannot deadlock), and each line's units are taken with a conditional UPDATE. A line
-- that cannot be served raises SQLSTATE ES002 and the statement takes nothing and claims nothing.
-- Returns one row: whether the order was claimed, the ids of its products, and whether one of them sold out.
CREATE FUNCTION "reserve_order_stock"("p_order" uuid, "p_payer" text)
RETURNS TABLE ("claimed" boolean, "product_ids" uuid[], "sold_out" boolean)
LANGUAGE plpgsql AS $$
DECLARE
  line record;
BEGIN
  UPDATE "orders" SET "capturing_since" = now(), "stock_held" = true, "order_update_date" = now(),
      "payer_id" = coalesce("p_payer", "payer_id")
    WHERE "id" = "p_order" AND "payment_status" = 'pending' AND "capturing_since" IS NULL AND NOT "stock_held"
      AND "payment_id" IS NOT NULL;
  IF NOT FOUND THEN
    RETURN QUERY SELECT false, '{}'::uuid[], false;
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
  -- Units were taken from every product of the order: one at 0 now has just sold out.
  RETURN QUERY SELECT true, array_agg(p."id"), coalesce(bool_or(p."total_stock" = 0), false)
    FROM "products" p
    WHERE p."id" IN (SELECT i."product_id" FROM "order_items" i WHERE i."order_id" = "p_order");
END $$;
