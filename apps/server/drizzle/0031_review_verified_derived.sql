-- Issue 46: a review kept its "verified purchase" mark after a full refund or a cancellation (buy, review, cancel
-- before shipping, keep the badge). Whether a review is a verified purchase is now read with it from the author's
-- standing orders (modules/reviews/service.ts standingPurchase), so the stored flag goes.
ALTER TABLE "reviews" DROP COLUMN "verified";
