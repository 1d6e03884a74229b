DROP INDEX "donations_donation_date_idx";--> statement-breakpoint
CREATE INDEX "donations_date_amount_idx" ON "donations" USING btree ("donation_date","amount");