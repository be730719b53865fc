-- Issue 46: the withdrawal period ended at delivery + 14 x 24 h, so a shopper delivered at 16:00 on 1 June who withdrew
-- at 20:00 on 15 June was refused. It ends at the end of the 14th day after delivery (Consumer Rights Directive
-- art. 9; Regulation 1182/71 art. 3: the day of delivery does not count, a period in days ends at the end of its last
-- day) in the shop's time zone (SHOP_TIME_ZONE), fixed when the order is delivered. Orders delivered before this
-- migration get the end of their 14th day in UTC, which is never earlier than the old deadline.
ALTER TABLE "orders" ADD COLUMN "withdrawal_ends_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "withdrawal_ends_at" = (("delivered_at" AT TIME ZONE 'UTC')::date + 15)::timestamp AT TIME ZONE 'UTC'
WHERE "delivered_at" IS NOT NULL;
