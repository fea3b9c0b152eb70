CREATE TABLE "hunt_boards" (
	"promotion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"layout" jsonb NOT NULL,
	CONSTRAINT "hunt_boards_promotion_id_user_id_day_pk" PRIMARY KEY("promotion_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "hunt_completions" (
	"promotion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hunt_completions_promotion_id_user_id_pk" PRIMARY KEY("promotion_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "hunt_searches" (
	"promotion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"spot" integer NOT NULL,
	"collectible" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hunt_searches_promotion_id_user_id_day_spot_pk" PRIMARY KEY("promotion_id","user_id","day","spot")
);
--> statement-breakpoint
CREATE TABLE "lucky_day_draws" (
	"promotion_id" integer NOT NULL,
	"day" text NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	CONSTRAINT "lucky_day_draws_promotion_id_day_pk" PRIMARY KEY("promotion_id","day")
);
--> statement-breakpoint
ALTER TABLE "hunt_boards" ADD CONSTRAINT "hunt_boards_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hunt_boards" ADD CONSTRAINT "hunt_boards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hunt_completions" ADD CONSTRAINT "hunt_completions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hunt_completions" ADD CONSTRAINT "hunt_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hunt_searches" ADD CONSTRAINT "hunt_searches_promotion_id_user_id_day_hunt_boards_promotion_id_user_id_day_fk" FOREIGN KEY ("promotion_id","user_id","day") REFERENCES "public"."hunt_boards"("promotion_id","user_id","day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lucky_day_draws" ADD CONSTRAINT "lucky_day_draws_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hunt_completions_order" ON "hunt_completions" USING btree ("promotion_id","completed_at");