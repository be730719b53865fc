CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"image_key" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"values" text[] NOT NULL,
	CONSTRAINT "product_options_product_id_position_pk" PRIMARY KEY("product_id","position"),
	CONSTRAINT "product_options_position" CHECK ("product_options"."position" between 0 and 2)
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"option_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_cents" integer NOT NULL,
	"sale_price_cents" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"image_key" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_stock_nonnegative" CHECK ("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_positive" CHECK ("product_variants"."price_cents" > 0),
	CONSTRAINT "product_variants_sale_price_range" CHECK ("product_variants"."sale_price_cents" >= 0 and "product_variants"."sale_price_cents" < "product_variants"."price_cents")
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "featured_position" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_facets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_position_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_idx" ON "product_variants" USING btree (lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_values_idx" ON "product_variants" USING btree ("product_id","option_values");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("featured_position") WHERE "products"."featured_position" is not null;--> statement-breakpoint
CREATE INDEX "products_option_facets_idx" ON "products" USING gin ("option_facets");--> statement-breakpoint
INSERT INTO "product_variants" ("product_id", "sku", "price_cents", "sale_price_cents", "stock")
  SELECT "id", 'P-' || upper(substr(replace("id"::text, '-', ''), 1, 12)), "price_cents", "sale_price_cents", "total_stock"
  FROM "products";--> statement-breakpoint
INSERT INTO "product_images" ("product_id", "position", "image_key") SELECT "id", 0, "image_key" FROM "products";--> statement-breakpoint
UPDATE "cart_items" SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = "cart_items"."product_id";--> statement-breakpoint
DELETE FROM "cart_items" WHERE "variant_id" IS NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_cart_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_variant_id_pk" PRIMARY KEY("cart_id","variant_id");
--> statement-breakpoint
CREATE FUNCTION "products_default_variant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every product sells at least one variant (issue 28): a new product gets its default variant and first photo.
  INSERT INTO "product_variants" ("product_id", "sku", "price_cents", "sale_price_cents", "stock")
    VALUES (NEW."id", 'P-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)), NEW."price_cents",
            NEW."sale_price_cents", NEW."total_stock");
  INSERT INTO "product_images" ("product_id", "position", "image_key") VALUES (NEW."id", 0, NEW."image_key");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_default_variant" AFTER INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_default_variant"();--> statement-breakpoint
CREATE FUNCTION "product_variants_stock_total"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE delta integer;
BEGIN
  -- A variant's stock moved by a statement of its own (not by the product-side trigger below): its product's
  -- total_stock moves by the same amount and its version is bumped, so total_stock is always the sum.
  IF pg_trigger_depth() <> 1 THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN delta := NEW."stock";
  ELSIF TG_OP = 'DELETE' THEN delta := -OLD."stock";
  ELSE delta := NEW."stock" - OLD."stock";
  END IF;
  IF delta <> 0 THEN
    UPDATE "products" SET "total_stock" = "total_stock" + delta, "version" = "version" + 1
      WHERE "id" = coalesce(NEW."product_id", OLD."product_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_total" AFTER INSERT OR DELETE OR UPDATE OF "stock" ON "product_variants"
  FOR EACH ROW EXECUTE FUNCTION "product_variants_stock_total"();--> statement-breakpoint
CREATE FUNCTION "products_single_variant_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE variants integer;
BEGIN
  -- A statement that sets a product's stock or prices itself (the spec's edit form, seeds) sets its only variant's;
  -- a product with several variants takes its stock from them and refuses a total set directly.
  IF pg_trigger_depth() <> 1 THEN RETURN NULL; END IF;
  SELECT count(*) INTO variants FROM "product_variants" WHERE "product_id" = NEW."id";
  IF variants = 1 THEN
    UPDATE "product_variants" SET "stock" = NEW."total_stock", "price_cents" = NEW."price_cents",
      "sale_price_cents" = NEW."sale_price_cents" WHERE "product_id" = NEW."id";
  ELSIF NEW."total_stock" <> OLD."total_stock" THEN
    RAISE EXCEPTION 'products.total_stock of a product with several variants is the sum of their stock'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_single_variant_sync" AFTER UPDATE OF "total_stock", "price_cents", "sale_price_cents" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_single_variant_sync"();
