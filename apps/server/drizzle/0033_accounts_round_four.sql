-- Issue 46: e-mail change requests are capped per target address and hour (modules/account/service.ts
-- requestEmailChange counts the requests of the last hour for the address asked for, whichever accounts asked).
CREATE INDEX "account_tokens_email_purpose_idx" ON "account_tokens" USING btree ("email","purpose","created_at");
