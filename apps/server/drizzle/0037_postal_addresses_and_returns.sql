-- Issue 40, item 5: an address names its recipient ("Full name", optional), and an order keeps the name it was sent
-- to, as it keeps the rest of the address. Both are erased with the account (modules/account/erase.ts).
-- Issue 40, item 14: the return address and instructions are the `returns` row of "shop_settings" (a JSON object
-- `{address, instructions}`, modules/shop-settings); that key-value table exists since 0016 and needs no change.
ALTER TABLE "addresses" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recipient_name" text;
