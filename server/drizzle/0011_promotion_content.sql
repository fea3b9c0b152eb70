ALTER TABLE "promotions" ADD COLUMN "mechanic" text DEFAULT 'info' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "content" jsonb DEFAULT '{}'::jsonb NOT NULL;