-- Issue 41 (guest orders' foundations): an order belongs to an account (user_id) or to a guest's e-mail address
-- (guest_email, trimmed and lower-cased like an account's), never both and never neither. Every existing order has a
-- user. A withdrawal from a guest order has no user either.
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_email" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_one_owner" CHECK (("user_id" IS NULL) <> ("guest_email" IS NULL));
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_guest_email_normalised"
  CHECK ("guest_email" IS NULL OR "guest_email" = lower(btrim("guest_email")));
--> statement-breakpoint
-- "Find my order" and the claim on a verified address look guest orders up by their address.
CREATE INDEX "orders_guest_email_idx" ON "orders" ("guest_email") WHERE "guest_email" IS NOT NULL;
--> statement-breakpoint
-- The admin's order search matches a part of the guest's address, like a customer's (trigram index).
CREATE INDEX "orders_guest_email_trgm_idx" ON "orders" USING gin ("guest_email" gin_trgm_ops)
  WHERE "guest_email" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
-- Signed order links (issue 41): the SHA-256 (hex) of a 32-byte random base64url token opens exactly one order for
-- 90 days unless revoked. `purpose` says why it was issued: with an order e-mail, or by "Find my order" (counted per
-- address and hour).
CREATE TABLE "order_links" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL UNIQUE,
  "purpose" text NOT NULL DEFAULT 'order-mail',
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "revoked_at" timestamp with time zone,
  CONSTRAINT "order_links_purpose_known" CHECK ("purpose" IN ('order-mail', 'find-my-order'))
);
--> statement-breakpoint
CREATE INDEX "order_links_order_idx" ON "order_links" ("order_id", "created_at");
