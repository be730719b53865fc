-- Issue 29: adding to a cart in one statement (modules/cart/service.ts addToCart), where it was a transaction of four
-- round trips (begin, lock the cart by dating it, the conditional upsert, commit); in a flash sale every checkout
-- starts with one. The rules are those of the upsert before: a new line only while the cart holds fewer than
-- `p_max_lines` lines whose variant still exists, and a line's quantity at most `p_max_quantity` and the variant's
-- stock. Adds to one cart queue on its row (FOR UPDATE), and each statement of a VOLATILE function takes a fresh
-- snapshot, so the count after the wait sees the line the add before it committed: two adds racing for the last place
-- cannot both find room. The cart is dated only when the line was written, so a refused add changes nothing.
-- Returns the line's quantity after the add, or NULL when refused.
CREATE FUNCTION "add_cart_line"("p_cart" uuid, "p_product" uuid, "p_variant" uuid, "p_quantity" integer,
  "p_max_lines" integer, "p_max_quantity" integer)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  written integer;
BEGIN
  PERFORM 1 FROM "carts" WHERE "id" = "p_cart" FOR UPDATE;
  INSERT INTO "cart_items" ("cart_id", "product_id", "variant_id", "quantity", "added_at")
    SELECT "p_cart", "p_product", "p_variant", "p_quantity", now()
    WHERE EXISTS (SELECT 1 FROM "cart_items" ci WHERE ci."cart_id" = "p_cart" AND ci."variant_id" = "p_variant")
       OR (SELECT count(*) FROM "cart_items" ci JOIN "product_variants" v ON v."id" = ci."variant_id"
           WHERE ci."cart_id" = "p_cart") < "p_max_lines"
  ON CONFLICT ("cart_id", "variant_id") DO UPDATE SET "quantity" = "cart_items"."quantity" + excluded."quantity"
    WHERE "cart_items"."quantity" + excluded."quantity"
      <= least("p_max_quantity", (SELECT v."stock" FROM "product_variants" v WHERE v."id" = "p_variant"))
  RETURNING "quantity" INTO written;
  IF written IS NOT NULL THEN
    UPDATE "carts" SET "updated_at" = now() WHERE "id" = "p_cart";
  END IF;
  RETURN written;
END $$;
