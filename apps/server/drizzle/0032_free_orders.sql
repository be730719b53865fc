-- Issue 46: a 100 % discount code was quoted at $0.00 and the order then refused. An order that costs nothing is
-- paid at once by no provider (modules/orders/capture.ts freePayment), so a total of 0 is allowed; never less.
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_positive";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_not_negative" CHECK ("orders"."total_cents" >= 0);
