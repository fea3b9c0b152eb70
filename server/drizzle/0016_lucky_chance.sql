CREATE TABLE "lucky_chance_forecasts" (
	"promotion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"opp_id" integer NOT NULL,
	"home" integer NOT NULL,
	"away" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lucky_chance_forecasts_promotion_id_user_id_pk" PRIMARY KEY("promotion_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "lucky_chance_forecasts" ADD CONSTRAINT "lucky_chance_forecasts_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lucky_chance_forecasts" ADD CONSTRAINT "lucky_chance_forecasts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;