CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"template" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"currency_code" text NOT NULL,
	"prizes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "promotions_slug" ON "promotions" USING btree ("slug");