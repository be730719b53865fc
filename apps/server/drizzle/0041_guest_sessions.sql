-- Issue 41: guest sessions of the open storefront (STOREFRONT_MODE=open). A visitor's first cart write creates one:
-- an opaque random token in an httpOnly cookie, of which only the SHA-256 is stored, like a user's session
-- (docs/decisions/001, 020). A cart belongs to exactly one user or one guest session.
CREATE TABLE "guest_sessions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "token_hash" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "renewed_at" timestamp with time zone DEFAULT now() NOT NULL,
  "ended_at" timestamp with time zone,
  CONSTRAINT "guest_sessions_token_hash_unique" UNIQUE("token_hash")
);--> statement-breakpoint
CREATE INDEX "guest_sessions_expires_idx" ON "guest_sessions" ("expires_at");--> statement-breakpoint
ALTER TABLE "carts" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "guest_session_id" uuid;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_guest_session_id_guest_sessions_id_fk" FOREIGN KEY ("guest_session_id")
  REFERENCES "guest_sessions"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_guest_session_id_unique" UNIQUE("guest_session_id");--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_one_owner" CHECK (num_nonnulls("user_id", "guest_session_id") = 1);
