CREATE TABLE "promo_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"occasion" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(20, 8) NOT NULL,
	"currency_code" text NOT NULL,
	"settlement_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"currency_code" text NOT NULL,
	"stake" numeric(20, 8) NOT NULL,
	"payout" numeric(20, 8) NOT NULL,
	"stake_usd" numeric(14, 2) NOT NULL,
	"payout_usd" numeric(14, 2) NOT NULL,
	"detail" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
ALTER TABLE "promo_credits" ADD CONSTRAINT "promo_credits_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_credits" ADD CONSTRAINT "promo_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_credits" ADD CONSTRAINT "promo_credits_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_credits_once" ON "promo_credits" USING btree ("promotion_id","user_id","occasion");--> statement-breakpoint
CREATE INDEX "settlements_user_time" ON "settlements" USING btree ("user_id","settled_at");--> statement-breakpoint
-- Standings and streaks were written by the seed before; from now on they are computed from the
-- settlements feed, so the written ones go (a player who joined had 0 points: nothing is lost).
DELETE FROM "tournament_scores";--> statement-breakpoint
DELETE FROM "bet_series_progress";